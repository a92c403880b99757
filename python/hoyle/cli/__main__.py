from hoyle.cli import main

main()
