package server_test

import (
	"io"
	"net/http"

	"github.com/ninjakit/ninjakit/server"
)

type serverLine = server.Line

type got struct {
	header http.Header
	body   string
}

func httpGet(url string) (got, error) {
	res, err := http.Get(url)
	if err != nil {
		return got{}, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return got{header: res.Header, body: string(b)}, err
}
