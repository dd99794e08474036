package server

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"sync"

	"github.com/ninjakit/ninjakit/companion/tui"
)

// faces are the card faces the phones were shown, by the hash of their
// drawing. A face is the printed card, the same for every viewer, so it is
// served once as an image the phone keeps, and a screen names it by URL
// instead of carrying it every time it changes.
type faces struct {
	mu  sync.RWMutex
	svg map[string]string
}

// name files a face and returns the URL it is served at.
func (f *faces) name(svg string) string {
	sum := sha256.Sum256([]byte(svg))
	id := hex.EncodeToString(sum[:12])
	f.mu.Lock()
	if f.svg == nil {
		f.svg = map[string]string{}
	}
	f.svg[id] = svg
	f.mu.Unlock()
	return "/face/" + id + ".svg"
}

// picture is p with its card faces moved to URLs.
func (f *faces) picture(p tui.Picture) *tui.Picture {
	p.Hand = append([]tui.Card(nil), p.Hand...)
	for i := range p.Hand {
		p.Hand[i].Face, p.Hand[i].SVG = f.name(p.Hand[i].SVG), ""
	}
	return &p
}

// serve answers a face's URL; an unknown one is not found. A face never
// changes under its name, so the phone keeps it.
func (f *faces) serve(w http.ResponseWriter, r *http.Request) {
	id := strings.TrimSuffix(r.PathValue("face"), ".svg")
	f.mu.RLock()
	svg, ok := f.svg[id]
	f.mu.RUnlock()
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "image/svg+xml")
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	_, _ = w.Write([]byte(svg))
}
