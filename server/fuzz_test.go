package server

import (
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/companion"
	cbn "github.com/ninjakit/ninjakit/companion/blind"
	"github.com/ninjakit/ninjakit/companion/tui"
)

// FuzzAct types anything on any screen, at any version: it never panics,
// and a refused action writes nothing.
func FuzzAct(f *testing.F) {
	dir := f.TempDir()
	store := filepath.Join(dir, companion.FileName)
	o, err := cbn.NewOptions(2, []string{"ann", "bob"}, "", 0, "")
	if err != nil {
		f.Fatal(err)
	}
	raw, _ := json.Marshal(o)
	st, err := companion.Open(store)
	if err != nil {
		f.Fatal(err)
	}
	err = st.Create(companion.Session{Name: "f", Game: cbn.Game, Options: raw, Created: time.Now().UTC()})
	st.Close()
	if err != nil {
		f.Fatal(err)
	}
	srv, err := New(Options{Store: store, Seats: filepath.Join(dir, SeatsFile), Sessions: []string{"f"}})
	if err != nil {
		f.Fatal(err)
	}
	h := srv.hubs["f"]
	for _, s := range []string{"start a b c d", "start 1 2 3 4", "m t:e s x", "orders 1:x", "", "start", "s s s s --by bob", "\x00", "start a a a a"} {
		f.Add(0, s, 0)
		f.Add(-1, s, 1)
	}
	f.Fuzz(func(t *testing.T, seat int, text string, at int) {
		v := tui.Viewer((seat%3+3)%3 - 1) // the table, ann or bob
		h.mu.Lock()
		before := h.version
		h.mu.Unlock()
		if _, err := h.act(v, text, at); err != nil {
			h.mu.Lock()
			after := h.version
			h.mu.Unlock()
			if after != before {
				t.Fatalf("refused %q (%v) yet the session moved from version %d to %d", text, err, before, after)
			}
		}
	})
}
