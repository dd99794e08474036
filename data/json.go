package data

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// decodeStrict reads exactly one JSON object into v, refusing unknown fields
// (a misspelt key would otherwise be silently ignored) and trailing content,
// and turns decoder errors into a line a user can act on.
func decodeStrict(r io.Reader, v any) error {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.As(err, &syn):
			return fmt.Errorf("not valid JSON at byte %d: %v", syn.Offset, syn)
		case errors.As(err, &typ):
			return fmt.Errorf("field %q should be a %s", typ.Field, typ.Type)
		case errors.Is(err, io.EOF):
			return errors.New("the file is empty")
		case errors.Is(err, io.ErrUnexpectedEOF):
			return errors.New("not valid JSON: the file ends too early")
		}
		return err
	}
	if dec.More() {
		return errors.New("unexpected content after the JSON object")
	}
	return nil
}

// load decodes a data file strictly and validates it; what names the file's
// kind in errors.
func load[T any, PT interface {
	*T
	validate() error
}](r io.Reader, what string) (*T, error) {
	var v T
	if err := decodeStrict(r, &v); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	if err := PT(&v).validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return &v, nil
}
