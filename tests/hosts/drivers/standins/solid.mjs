// The reactive UI primitives OpenCode's TUI plugin uses (`solid-js` and `@opentui/solid`), small enough
// to render its status line as text: signals re-run the `insert` effects that read them.
let running = null
const cleanups = []

export function createSignal(initial) {
  let value = initial
  const readers = new Set()
  const read = () => {
    if (running) readers.add(running)
    return value
  }
  const write = (next) => {
    value = typeof next === 'function' ? next(value) : next
    for (const effect of [...readers]) effect()
  }
  return [read, write]
}

export function onCleanup(fn) {
  cleanups.push(fn)
}

export function disposeAll() {
  for (const fn of cleanups.splice(0)) fn()
}

export function createElement(tag) {
  return { tag, props: {}, children: [] }
}

export function setProp(node, name, value) {
  node.props[name] = value
}

export function insert(node, value) {
  if (typeof value !== 'function') {
    node.children.push(value)
    return
  }
  const slot = node.children.length
  node.children.push(null)
  const effect = () => {
    const previous = running
    running = effect
    try {
      node.children[slot] = value()
    } finally {
      running = previous
    }
  }
  effect()
}

export function textOf(node) {
  if (node === null || node === undefined) return ''
  if (typeof node === 'string' || typeof node === 'number') return String(node)
  if (Array.isArray(node)) return node.map(textOf).join('')
  return textOf(node.children)
}
