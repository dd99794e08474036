// Package blades draws what only Flying Blades prints: the random setup
// sheet with its board, seats and hand slips, and the pieces of its
// print-and-play kit. The shared machinery (paper, fonts, text, QR codes,
// card sheets) lives in package layouts.
package blades
