from pcreceipt.cli import main

main()
