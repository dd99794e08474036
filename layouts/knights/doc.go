// Package knights draws the Of Knights and Ninjas print-and-play kit: one
// face per card, the shared card back, the player gems and the player aid.
// It draws single pieces and free pages only; the card-sheet engine in
// package layouts places them on sheets. Like layouts it decides no game
// rules and imports no ninjakit package but layouts: the caller hands it the
// card list and the table numbers.
package knights
