from pcreceipt.cli.main import main

main()
