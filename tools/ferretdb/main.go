// Command ferretdb runs the embedded MongoDB-compatible database for local development and tests:
// FerretDB v1 (MongoDB wire protocol over SQLite) behind a small write lock. Production talks to
// MongoDB Atlas instead.
//
// Why the lock: MongoDB makes every single-document write atomic and enforces unique indexes under
// concurrent writes; the shop's stock holds, OTP attempt counters, idempotency keys and webhook
// de-duplication rely on exactly that. FerretDB v1's SQLite handler does not run an update inside a
// transaction (FerretDB issue 3040): it reads matching documents, then writes them, so two concurrent
// `findOneAndUpdate({stock: {$gte: 1}}, {$inc: {stock: -1}})` can both see stock 1 and both succeed, and
// `$inc`s are lost. Measured before this lock: 200 concurrent conditional decrements of stock 5 gave 11
// successes; with it, exactly 5. Its PostgreSQL handler races the same way.
//
// Why this shape: FerretDB listens on a private Unix socket (so nothing can bypass the lock over TCP), and
// this process listens on the public TCP address, relaying each client connection to FerretDB message by
// message. A write command (insert, update, delete, findAndModify, DDL, aggregate with $out/$merge) takes
// one process-wide lock before its request is forwarded and frees it when its reply comes back; reads pass
// without it and stay concurrent. A write is then never interleaved with another write, which is the
// guarantee MongoDB gives per document (and a unique index check can no longer race its insert). The
// alternatives were worse: patching FerretDB's handler to wrap updates in SQLite transactions means
// maintaining a fork of its query layer; a real mongod cannot be downloaded on these machines; a lock in
// the application would make local code differ from the code that runs against Atlas.
//
// Usage: ferretdb -listen 127.0.0.1:27117 -data ./.data/ferretdb [-pprof 127.0.0.1:6060]
// (FERRETDB_PPROF in the environment sets -pprof for a database a script starts.)
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	_ "net/http/pprof"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27117", "TCP address to listen on")
	dataDir := flag.String("data", ".data/ferretdb", "directory for SQLite database files")
	logLevel := flag.String("log-level", "warn", "log level: debug, info, warn, error")
	pprofAddr := flag.String("pprof", os.Getenv("FERRETDB_PPROF"), "address for Go's pprof endpoints (off when empty), to profile the database under a benchmark")
	flag.Parse()

	if *pprofAddr != "" {
		go func() { fmt.Fprintln(os.Stderr, http.ListenAndServe(*pprofAddr, nil)) }()
	}

	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		fail(2, "bad -log-level %q: %v", *logLevel, err)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	abs, err := filepath.Abs(*dataDir)
	if err != nil {
		fail(1, "%v", err)
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		fail(1, "cannot create data dir: %v", err)
	}

	// The public address is taken first so a second server on the same port fails before touching the data.
	public, err := net.Listen("tcp", *listen)
	if err != nil {
		fail(1, "cannot listen on %s: %v", *listen, err)
	}

	// A private socket directory: short enough for the 108-byte Unix socket path limit, readable only by us.
	sockDir, err := os.MkdirTemp("", "ferretdb-")
	if err != nil {
		fail(1, "cannot create socket dir: %v", err)
	}
	defer os.RemoveAll(sockDir)
	sock := filepath.Join(sockDir, "ferretdb.sock")

	f, err := ferretdb.New(&ferretdb.Config{
		Listener: ferretdb.ListenerConfig{Unix: sock},
		Handler:  "sqlite",
		// WAL without an fsync per commit: a commit survives this process being killed (the WAL is written
		// before the reply) but may roll back on a power cut, which a local development database can
		// afford. It shortens every write, and so the time the write lock is held. Atomicity and isolation
		// are unchanged; production durability is Atlas's.
		SQLiteURL: "file:" + abs + "/?_pragma=synchronous(normal)",
		Logger:    logger,
	})
	if err != nil {
		fail(1, "%v", err)
	}

	// Stop cleanly on SIGTERM/SIGINT so SQLite files are closed properly.
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	ferretDone := make(chan error, 1)
	go func() { ferretDone <- f.Run(ctx) }()

	// FerretDB creates its socket inside Run; wait for it before accepting clients.
	dial := func() (net.Conn, error) { return net.Dial("unix", sock) }
	for i := 0; ; i++ {
		c, err := dial()
		if err == nil {
			_ = c.Close()
			break
		}
		if i == 200 {
			fail(1, "FerretDB did not open its socket: %v", err)
		}
		time.Sleep(25 * time.Millisecond)
	}

	var conns sync.WaitGroup
	go serveProxy(public, dial, &writeLock{}, logger, &conns)
	fmt.Fprintf(os.Stderr, "ferretdb: listening on %s, data in %s\n", *listen, abs)

	<-ctx.Done()
	_ = public.Close()
	if err := <-ferretDone; err != nil {
		fail(1, "%v", err)
	}
	// FerretDB closed its side of every connection; the relays notice and finish.
	waitTimeout(&conns, 2*time.Second)
}

func waitTimeout(wg *sync.WaitGroup, d time.Duration) {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
	}
}

func fail(code int, format string, args ...any) {
	fmt.Fprintf(os.Stderr, "ferretdb: "+format+"\n", args...)
	os.Exit(code)
}
