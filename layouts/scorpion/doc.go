// Package scorpion prints Ninja: Legend of the Scorpion Clan: the zone map
// drawn from a map's data, the private map pads and the print-and-play kit.
package scorpion
