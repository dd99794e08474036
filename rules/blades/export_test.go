package blades

// PlainDeals lets tests switch Determinize's first way off.
var PlainDeals = &plainDeals
