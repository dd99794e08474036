package scorpion

// BoardSheets exposes the board's page plan to the external tests.
var BoardSheets = boardSheets
