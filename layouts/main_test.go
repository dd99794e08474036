package layouts

import (
	"os"
	"testing"

	"github.com/ninjakit/ninjakit/internal/testmain"
)

func TestMain(m *testing.M) { os.Exit(testmain.Run(m)) }
