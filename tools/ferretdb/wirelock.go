package main

// The write lock in front of FerretDB: see the opening comment of main.go for why it exists.

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"sync"
)

// MongoDB wire protocol constants (https://www.mongodb.com/docs/manual/reference/mongodb-wire-protocol/).
const (
	opMsg        = 2013
	opCompressed = 2012

	flagChecksumPresent = 1 << 0
	flagMoreToCome      = 1 << 1

	headerLen = 16
	// MongoDB's maxMessageSizeBytes; anything larger is a broken or hostile peer.
	maxMessageLen = 48 * 1000 * 1000
)

// writeCommands are the commands that change data or schema. They run one at a time across the whole
// server; every other command (find, count, aggregate without $out/$merge, getMore, hello, ...) passes
// straight through and stays concurrent.
var writeCommands = map[string]bool{
	"insert":           true,
	"update":           true,
	"delete":           true,
	"findAndModify":    true,
	"findandmodify":    true,
	"bulkWrite":        true,
	"create":           true,
	"createIndexes":    true,
	"drop":             true,
	"dropDatabase":     true,
	"dropIndexes":      true,
	"deleteIndexes":    true,
	"renameCollection": true,
	"collMod":          true,
	"compact":          true,
	"reIndex":          true,
}

// message is one complete wire-protocol message as read off a connection.
type message struct {
	raw []byte
}

func (m message) requestID() int32  { return int32(binary.LittleEndian.Uint32(m.raw[4:8])) }
func (m message) responseTo() int32 { return int32(binary.LittleEndian.Uint32(m.raw[8:12])) }
func (m message) opCode() int32     { return int32(binary.LittleEndian.Uint32(m.raw[12:16])) }

// flags of an OP_MSG (0 for other op codes).
func (m message) flags() uint32 {
	if m.opCode() != opMsg || len(m.raw) < headerLen+4 {
		return 0
	}
	return binary.LittleEndian.Uint32(m.raw[headerLen : headerLen+4])
}

// readMessage reads exactly one framed message.
func readMessage(r io.Reader) (message, error) {
	var head [headerLen]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		return message{}, err
	}
	n := int(int32(binary.LittleEndian.Uint32(head[0:4])))
	if n < headerLen || n > maxMessageLen {
		return message{}, fmt.Errorf("bad message length %d", n)
	}
	raw := make([]byte, n)
	copy(raw, head[:])
	if _, err := io.ReadFull(r, raw[headerLen:]); err != nil {
		return message{}, err
	}
	return message{raw: raw}, nil
}

// commandName returns the command an OP_MSG carries: the first key of its body (kind 0) section.
func commandName(m message) (string, []byte, error) {
	if m.opCode() != opMsg {
		return "", nil, errors.New("not an OP_MSG")
	}
	end := len(m.raw)
	if m.flags()&flagChecksumPresent != 0 {
		end -= 4
	}
	p := headerLen + 4
	for p < end {
		kind := m.raw[p]
		p++
		if p+4 > end {
			return "", nil, errors.New("truncated section")
		}
		size := int(int32(binary.LittleEndian.Uint32(m.raw[p : p+4])))
		if size < 5 || p+size > end {
			return "", nil, errors.New("bad section size")
		}
		switch kind {
		case 0:
			doc := m.raw[p : p+size]
			// A BSON document: int32 length, then elements (type byte, cstring key, value); first key = command.
			if len(doc) < 6 || doc[4] == 0 {
				return "", nil, errors.New("empty command document")
			}
			keyEnd := bytes.IndexByte(doc[5:], 0)
			if keyEnd < 0 {
				return "", nil, errors.New("unterminated command name")
			}
			return string(doc[5 : 5+keyEnd]), doc, nil
		case 1:
			p += size // a document sequence (e.g. insert's documents): skip it
		default:
			return "", nil, fmt.Errorf("unknown section kind %d", kind)
		}
	}
	return "", nil, errors.New("no body section")
}

// isWrite reports whether a client message must run under the write lock. Anything this proxy cannot
// read (a compressed or malformed message) is treated as a write: serialising too much is only slower,
// serialising too little breaks the guarantee.
func isWrite(m message) bool {
	switch m.opCode() {
	case opMsg:
		name, body, err := commandName(m)
		if err != nil {
			return true
		}
		if writeCommands[name] {
			return true
		}
		// An aggregation ending in $out or $merge writes a collection.
		if name == "aggregate" {
			return bytes.Contains(body, []byte("$out\x00")) || bytes.Contains(body, []byte("$merge\x00"))
		}
		return false
	case opCompressed:
		return true
	default:
		// OP_QUERY is only accepted by FerretDB for handshake commands (hello, isMaster, saslStart).
		return false
	}
}

// pendingWrite is a write request whose reply has not come back yet; the lock is held until it does.
type pendingWrite struct {
	requestID int32
	// swallow: the client sent the request with moreToCome (an unacknowledged write), so the flag was
	// cleared to learn when the write finished, and the reply it produces must not reach the client.
	swallow bool
}

// writeLock serialises write commands across every connection of the server.
type writeLock struct {
	mu sync.Mutex
}

// proxyConn relays one client connection to FerretDB, holding the write lock around each write.
type proxyConn struct {
	client   net.Conn
	upstream net.Conn
	lock     *writeLock
	log      *slog.Logger

	mu      sync.Mutex
	pending []pendingWrite
}

// release unlocks for a pending write that will never be answered (connection lost).
func (c *proxyConn) releaseAll() {
	c.mu.Lock()
	n := len(c.pending)
	c.pending = nil
	c.mu.Unlock()
	for i := 0; i < n; i++ {
		c.lock.mu.Unlock()
	}
}

// takePending removes and returns the pending write answered by a reply, if any.
func (c *proxyConn) takePending(responseTo int32) (pendingWrite, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, p := range c.pending {
		if p.requestID == responseTo {
			c.pending = append(c.pending[:i], c.pending[i+1:]...)
			return p, true
		}
	}
	return pendingWrite{}, false
}

// clientToUpstream reads requests one message at a time; writes take the lock before they are forwarded.
func (c *proxyConn) clientToUpstream() error {
	for {
		m, err := readMessage(c.client)
		if err != nil {
			return err
		}
		if isWrite(m) {
			p := pendingWrite{requestID: m.requestID()}
			flags := m.flags()
			if flags&flagMoreToCome != 0 {
				if flags&flagChecksumPresent != 0 {
					// Changing the flags would break the checksum; take the lock for the send only.
					c.lock.mu.Lock()
					_, err = c.upstream.Write(m.raw)
					c.lock.mu.Unlock()
					if err != nil {
						return err
					}
					continue
				}
				binary.LittleEndian.PutUint32(m.raw[headerLen:headerLen+4], flags&^flagMoreToCome)
				p.swallow = true
			}
			c.lock.mu.Lock()
			// Registered before the request leaves, so its reply always finds it.
			c.mu.Lock()
			c.pending = append(c.pending, p)
			c.mu.Unlock()
		}
		if _, err := c.upstream.Write(m.raw); err != nil {
			return err
		}
	}
}

// upstreamToClient relays replies; the reply to a pending write releases the lock as soon as it is read,
// before it is written to a client that may be slow to read.
func (c *proxyConn) upstreamToClient() error {
	for {
		m, err := readMessage(c.upstream)
		if err != nil {
			return err
		}
		if p, ok := c.takePending(m.responseTo()); ok {
			c.lock.mu.Unlock()
			if p.swallow {
				continue
			}
		}
		if _, err := c.client.Write(m.raw); err != nil {
			return err
		}
	}
}

// serve runs both directions until either side closes, then closes both and frees any held lock.
func (c *proxyConn) serve() {
	done := make(chan struct{}, 2)
	go func() {
		if err := c.clientToUpstream(); err != nil && !isClosed(err) {
			c.log.Debug("client side ended", "err", err)
		}
		done <- struct{}{}
	}()
	go func() {
		if err := c.upstreamToClient(); err != nil && !isClosed(err) {
			c.log.Debug("server side ended", "err", err)
		}
		done <- struct{}{}
	}()
	<-done
	_ = c.client.Close()
	_ = c.upstream.Close()
	<-done
	c.releaseAll()
}

func isClosed(err error) bool {
	return errors.Is(err, io.EOF) || errors.Is(err, net.ErrClosed)
}

// serveProxy accepts client connections on l and relays each to a fresh connection made by dial.
func serveProxy(l net.Listener, dial func() (net.Conn, error), lock *writeLock, log *slog.Logger, conns *sync.WaitGroup) {
	for {
		client, err := l.Accept()
		if err != nil {
			return
		}
		upstream, err := dial()
		if err != nil {
			log.Error("cannot reach FerretDB", "err", err)
			_ = client.Close()
			continue
		}
		if tcp, ok := client.(*net.TCPConn); ok {
			_ = tcp.SetNoDelay(true)
		}
		conns.Add(1)
		go func() {
			defer conns.Done()
			(&proxyConn{client: client, upstream: upstream, lock: lock, log: log}).serve()
		}()
	}
}
