// Saved responses read in the page (FileReader): nothing is uploaded or sent anywhere.

/** The text of a File chosen in an <input type=file>. */
export function readFile(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener("load", () => resolve(String(reader.result)));
    reader.addEventListener("error", () => reject(reader.error ?? new Error("the file could not be read")));
    reader.readAsText(file, "utf-8");
  });
}

/** {value} for a JSON file, or {error} with a short reason. */
export async function readJsonFile(file) {
  let text;
  try {
    text = await readFile(file);
  } catch (error) {
    return { error: String(error?.message ?? error) };
  }
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { error: "not JSON" };
  }
}
