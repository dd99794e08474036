package cmd

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// FuzzExecute throws arbitrary command lines at ninjakit: whatever a user
// types, the answer is an exit code and at most one line of error, never a
// panic.
func FuzzExecute(f *testing.F) {
	for _, s := range []string{
		"generate blades --players 3 --seed 42",
		"generate blades --players 4 --cards open --json",
		"setup show 24R0-00000-058Y4",
		"companion blades new --players 3 --seed 1",
		"companion blades move attack a1 a2",
		"companion blades keep --as 2 bomb",
		"companion blades c4 c5",
		"companion blades pass",
		"companion blades moves --as 1 circle kick",
		"companion blades position --reveal",
		"generate blades --players 3 --cards dealt --session s",
		"companion knights new --players 3 --names a,b,c",
		"companion knights play knight --at b",
		"companion knights respond jester(highwayman) --by c",
		"companion knights play dragon --at b --burn",
		"companion knights new --players 3 --names Zoë,josé,ANN",
		"sessions list",
		"sessions export knights-1",
		"__complete companion blades move --as 1 bomb a1",
		"__complete companion knights play --by a --at",
		"__complete sessions show k",
		"--version",
		"generate kit knights --backs long --card-size mini --scale 1.01,0.99 -o -",
		"generate cards squad --only 7,buki:spear,tokens --backs fold -o -",
		"generate calibration --backs short --back-offset 1,-2 -o -",
		"generate squad --players 3 --balanced --mode full --json",
		"companion squad new --names ann,bob --decks physical",
		"companion squad move 1.2 2 cubes 1 lantern",
		"companion squad senjutsu pocket rocket --by bob",
		"companion squad exposed none",
		"generate blind --players 3 --names ann,bob,cy --turns 30 -o -",
		"generate blind --players 2 --names a,A --pages 0",
		"generate blind --players 4 --turns 120 --paper letter -o -",
		"generate scorpion --role guard --pages 2 -o -",
		"generate scorpion --role all --paper letter --pages 51",
		"generate kit scorpion --backs long -o -",
		"generate cards scorpion --only guards:kenjutsu,rope,board -o -",
		"companion blind new --names ann,bob,cy --turns 5",
		"companion blind start --as ann b d e h",
		"companion blind orders --as ann m t:e s x",
		"companion blind orders --as bob 2:x 1:m",
		"companion blind undo --as ann",
		"companion scorpion new --guards 2",
		"companion scorpion random --as sword",
		"companion scorpion ready --as ninja",
		"companion scorpion patrol YA3>YA4 sword+spear --as spear",
		"companion scorpion hide CA1=A CB9=trap CA4=sentry --as guard",
		"companion scorpion draw sword:1 spear:2 --as spear",
		"companion scorpion kenjutsu YA13 traitor 2 --as guard",
		"companion scorpion search CA8 CA9 --as ninja",
		"companion scorpion status --as moderator --json",
		"companion scorpion undo --as traitor",
		"companion scorpion verify G-3F2A-91BC-77D0-E41A-0C5B G 0f1e sleep YA2",
		"companion scorpion verify I-00 I zz",
	} {
		f.Add(s)
	}
	dir := f.TempDir()
	f.Setenv("NINJAKIT_HOME", dir)
	f.Chdir(dir)
	f.Fuzz(func(t *testing.T, line string) {
		args := strings.Fields(line)
		for _, a := range args {
			// Files the fuzzer names stay inside the temporary directory.
			if strings.Contains(a, "/") || strings.HasPrefix(a, "..") {
				return
			}
		}
		var out, errOut bytes.Buffer
		code := Execute(args, &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut})
		if code != 0 && strings.Count(errOut.String(), "\n") != 1 {
			t.Fatalf("%q: exit %d with error output %q", line, code, errOut.String())
		}
		if _, err := os.Stat(dir); err != nil {
			t.Fatal(err)
		}
	})
}
