package cmd

// knightsVerbExamples are the help examples of the knights companion's
// table verbs, which are built from one table (knightsVerbs); a verb added
// there needs its examples here, or TestEveryCommandHasExamples fails.
var knightsVerbExamples = map[string]string{
	"play": `  ninjakit companion knights play knight --from ann --at bob
  ninjakit companion knights play dragon --at bob --burn
  ninjakit companion knights play peasant peasant peasant --at bob
  ninjakit companion knights play merchant --at bob`,
	"fortify": "  ninjakit companion knights fortify castle\n  ninjakit companion knights fortify archer --by ann",
	"respond": "  ninjakit companion knights respond princess --by bob\n  ninjakit companion knights respond 'jester(highwayman)' --by cy",
	"discard": "  ninjakit companion knights discard peasant\n  ninjakit companion knights discard minstrel --by bob",
	"steal":   "  ninjakit companion knights steal --by cy\n  ninjakit companion knights steal jester --by cy",
	"decline": "  ninjakit companion knights decline --by cy",
	"pass":    "  ninjakit companion knights pass\n  ninjakit companion knights pass --by bob",
	"show":    "  ninjakit companion knights show knight --by cy",
	"take":    "  ninjakit companion knights take knight --from cy",
	"pay":     "  ninjakit companion knights pay gems\n  ninjakit companion knights pay cards peasant king",
	"keep":    "  ninjakit companion knights keep",
	"give":    "  ninjakit companion knights give",
	"redeal":  "  ninjakit companion knights redeal",
}
