package generate

// words is the fingerprint word list: 256 short, plain English words, one per
// byte value. They were picked to be easy to say and hear across a table: no
// homophones, no pairs that differ by one easily misheard sound (bear/pear,
// moss/moth), no plurals of each other, nothing offensive, at most 7 letters.
// The order is part of the fingerprint format: never reorder or replace words.
var words = [256]string{
	"acorn", "amber", "anchor", "anvil", "apple", "arrow", "ash", "aurora",
	"autumn", "badger", "bamboo", "banjo", "banner", "barley", "basket", "beach",
	"beacon", "bear", "beetle", "bell", "birch", "bison", "blade", "blossom",
	"bonsai", "bottle", "branch", "breeze", "bridge", "bronze", "brook", "brush",
	"bucket", "button", "cactus", "camel", "candle", "canoe", "canyon", "castle",
	"cedar", "chain", "cheetah", "cherry", "cliff", "cloud", "clover", "cobra",
	"comet", "compass", "copper", "coral", "cotton", "crab", "crane", "crater",
	"cricket", "crown", "crystal", "cup", "daisy", "dawn", "delta", "desert",
	"dojo", "dolphin", "dragon", "drum", "duck", "dune", "eagle", "eclipse",
	"elk", "falcon", "fan", "feather", "fern", "finch", "firefly", "flame",
	"flute", "fox", "frog", "frost", "galaxy", "garden", "garlic", "gate",
	"gecko", "ginger", "glacier", "globe", "goat", "gold", "gong", "gorilla",
	"grape", "grove", "guitar", "haiku", "hammer", "harp", "hawk", "helmet",
	"heron", "hill", "honey", "hornet", "horse", "igloo", "ink", "iris",
	"iron", "island", "ivory", "ivy", "jade", "jaguar", "jasmine", "jungle",
	"karate", "katana", "kettle", "kimono", "kite", "koala", "koi", "ladder",
	"lagoon", "lake", "lantern", "lemon", "lemur", "lily", "lion", "lizard",
	"llama", "lobster", "lotus", "magnet", "mango", "mantis", "maple", "marble",
	"marsh", "mask", "meadow", "melon", "meteor", "mirror", "monkey", "moon",
	"moose", "moss", "mule", "newt", "ninja", "noodle", "oak", "oasis",
	"olive", "onion", "opal", "orbit", "orchid", "origami", "otter", "owl",
	"oyster", "paddle", "palm", "panda", "paper", "parrot", "pebble", "pelican",
	"penguin", "phoenix", "piano", "pigeon", "pine", "planet", "plum", "pony",
	"poppy", "pumpkin", "puzzle", "python", "rabbit", "rainbow", "raven", "reef",
	"rice", "river", "robot", "rocket", "root", "rope", "ruby", "sail",
	"salmon", "samurai", "sand", "scroll", "shadow", "shark", "sheep", "shell",
	"shield", "shogun", "shrimp", "shrine", "silk", "silver", "sky", "smoke",
	"snow", "spider", "spoon", "squid", "star", "stone", "storm", "summit",
	"sumo", "sushi", "swan", "sword", "teapot", "temple", "thunder", "tiger",
	"toad", "tofu", "torch", "tower", "trout", "tulip", "tundra", "turtle",
	"typhoon", "valley", "velvet", "violin", "volcano", "wagon", "walrus", "wasabi",
	"wasp", "whale", "wheel", "willow", "wolf", "wren", "yak", "zebra",
}
