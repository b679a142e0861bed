package main

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// bsonDoc builds a BSON document holding one int32 field per key, in order.
func bsonDoc(keys ...string) []byte {
	var body bytes.Buffer
	for _, k := range keys {
		body.WriteByte(0x10)
		body.WriteString(k)
		body.WriteByte(0)
		_ = binary.Write(&body, binary.LittleEndian, int32(1))
	}
	body.WriteByte(0)
	out := make([]byte, 4, 4+body.Len())
	binary.LittleEndian.PutUint32(out, uint32(4+body.Len()))
	return append(out, body.Bytes()...)
}

// opMsgOf frames an OP_MSG whose sections are given raw (kind byte included).
func opMsgOf(flags uint32, sections ...[]byte) message {
	var b bytes.Buffer
	b.Write(make([]byte, headerLen))
	_ = binary.Write(&b, binary.LittleEndian, flags)
	for _, s := range sections {
		b.Write(s)
	}
	raw := b.Bytes()
	binary.LittleEndian.PutUint32(raw[0:4], uint32(len(raw)))
	binary.LittleEndian.PutUint32(raw[4:8], 42)
	binary.LittleEndian.PutUint32(raw[12:16], opMsg)
	return message{raw: raw}
}

func body(doc []byte) []byte { return append([]byte{0}, doc...) }

func sequence(id string, docs ...[]byte) []byte {
	var s bytes.Buffer
	s.WriteString(id)
	s.WriteByte(0)
	for _, d := range docs {
		s.Write(d)
	}
	out := []byte{1, 0, 0, 0, 0}
	binary.LittleEndian.PutUint32(out[1:], uint32(4+s.Len()))
	return append(out, s.Bytes()...)
}

func TestCommandNameIsFirstKeyOfBody(t *testing.T) {
	m := opMsgOf(0, body(bsonDoc("findAndModify", "query", "$db")))
	name, _, err := commandName(m)
	if err != nil || name != "findAndModify" {
		t.Fatalf("got %q, %v", name, err)
	}
	if !isWrite(m) {
		t.Fatal("findAndModify must take the write lock")
	}
}

func TestBodyAfterDocumentSequenceIsFound(t *testing.T) {
	m := opMsgOf(0, sequence("documents", bsonDoc("a"), bsonDoc("b")), body(bsonDoc("insert", "$db")))
	if name, _, err := commandName(m); err != nil || name != "insert" {
		t.Fatalf("got %q, %v", name, err)
	}
}

func TestReadsPassWithoutTheLock(t *testing.T) {
	for _, cmd := range []string{"find", "getMore", "count", "hello", "listIndexes", "aggregate"} {
		if isWrite(opMsgOf(0, body(bsonDoc(cmd, "$db")))) {
			t.Errorf("%s was treated as a write", cmd)
		}
	}
}

func TestAggregateWithOutIsAWrite(t *testing.T) {
	if !isWrite(opMsgOf(0, body(bsonDoc("aggregate", "$out", "$db")))) {
		t.Fatal("aggregate with $out must take the write lock")
	}
}

func TestUnreadableMessagesAreTreatedAsWrites(t *testing.T) {
	m := opMsgOf(0, []byte{9, 5, 0, 0, 0, 0})
	if !isWrite(m) {
		t.Fatal("an unknown section kind must be treated as a write")
	}
	c := message{raw: make([]byte, headerLen)}
	binary.LittleEndian.PutUint32(c.raw[12:16], opCompressed)
	if !isWrite(c) {
		t.Fatal("a compressed message must be treated as a write")
	}
}

func TestReadMessageRejectsAbsurdLengths(t *testing.T) {
	var head [headerLen]byte
	binary.LittleEndian.PutUint32(head[0:4], 3)
	if _, err := readMessage(bytes.NewReader(head[:])); err == nil {
		t.Fatal("a length below the header size must be refused")
	}
}
