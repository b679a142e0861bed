import { createServer, Socket, type Server } from 'node:net';
import { BSON } from 'mongodb';

/** Which command's reply to lose: its name ('update') and the collection it names. */
export interface LossRule {
  command: string;
  collection: string;
}

/** A TCP proxy in front of the database that can lose replies on the way back, as a flaky network does. */
export interface LossyDbProxy {
  /** A connection string to the database through the proxy. */
  uri: string;
  /**
   * Lets the next `count` commands matching `rule` reach the database (so they take effect) but loses their
   * replies: the connection is dropped instead, and the driver sees a network error.
   */
  loseReplies(rule: LossRule, count?: number): void;
  /**
   * Holds the next command matching `rule` (and whatever its connection sends after it) before it reaches the
   * database, as a slow network or a stalled process would, until `release()`. `reached` resolves once it is held.
   */
  holdNext(rule: LossRule): { reached: Promise<void>; release(): void };
  /** How many replies were lost so far. */
  lost(): number;
  close(): Promise<void>;
}

const OP_MSG = 2013;

/** Splits complete wire messages off the front of a buffer. */
function takeMessages(buffer: Buffer): { messages: Buffer[]; rest: Buffer } {
  const messages: Buffer[] = [];
  let at = 0;
  while (buffer.length - at >= 4) {
    const length = buffer.readInt32LE(at);
    if (buffer.length - at < length) break;
    messages.push(buffer.subarray(at, at + length));
    at += length;
  }
  return { messages, rest: buffer.subarray(at) };
}

/** The command name and the collection it names, from an OP_MSG's body section; null for anything else. */
function commandOf(message: Buffer): { requestId: number; command: string; collection: unknown } | null {
  if (message.readInt32LE(12) !== OP_MSG) return null;
  let at = 20; // header (16) + flagBits (4)
  while (at < message.length) {
    const kind = message.readUInt8(at);
    at += 1;
    const size = message.readInt32LE(at);
    if (kind === 0) {
      const body = BSON.deserialize(message.subarray(at, at + size));
      const command = Object.keys(body)[0] ?? '';
      return { requestId: message.readInt32LE(4), command, collection: body[command] };
    }
    at += size;
  }
  return null;
}

/**
 * Starts a proxy to the MongoDB-wire server of `targetUri` (a plain mongodb:// address of one server) on a
 * free local port. Messages pass
 * through unchanged, except the replies chosen with loseReplies. A real network fault, so the shop's code
 * runs against the real database and driver, not a mock of either.
 */
export async function startLossyDbProxy(targetUri: string): Promise<LossyDbProxy> {
  const target = new URL(targetUri.replace(/^mongodb:/, 'http:'));
  const rules: { rule: LossRule; left: number }[] = [];
  const holds: { rule: LossRule; armed: boolean; reached: () => void; released: Promise<void> }[] = [];
  let lostCount = 0;
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    upstream.connect(Number(target.port), target.hostname);
    const doomed = new Set<number>();
    let fromClient: Buffer = Buffer.alloc(0);
    let fromServer: Buffer = Buffer.alloc(0);
    // Messages of this connection waiting behind a held one (in order), released together.
    let waiting: Buffer[] | null = null;
    client.on('data', (chunk) => {
      const { messages, rest } = takeMessages(Buffer.concat([fromClient, chunk]));
      fromClient = rest;
      for (const message of messages) {
        const cmd = commandOf(message);
        const armed = cmd && rules.find((r) => r.left > 0 && r.rule.command === cmd.command && r.rule.collection === cmd.collection);
        if (cmd && armed) {
          armed.left -= 1;
          doomed.add(cmd.requestId);
        }
        const hold = cmd && holds.find((h) => h.armed && h.rule.command === cmd.command && h.rule.collection === cmd.collection);
        if (hold && !waiting) {
          hold.armed = false;
          const queue: Buffer[] = [];
          waiting = queue;
          hold.reached();
          void hold.released.then(() => {
            waiting = null;
            for (const m of queue) upstream.write(m);
          });
        }
        if (waiting) waiting.push(message);
        else upstream.write(message);
      }
    });
    upstream.on('data', (chunk) => {
      const { messages, rest } = takeMessages(Buffer.concat([fromServer, chunk]));
      fromServer = rest;
      for (const message of messages) {
        if (doomed.has(message.readInt32LE(8))) {
          // The command took effect on the server; its reply never arrives.
          lostCount += 1;
          client.destroy();
          upstream.destroy();
          return;
        }
        client.write(message);
      }
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    uri: targetUri.replace(target.host, `127.0.0.1:${port}`),
    loseReplies(rule, count = 1) {
      rules.push({ rule, left: count });
    },
    holdNext(rule) {
      let reached!: () => void;
      let release!: () => void;
      const reachedPromise = new Promise<void>((r) => (reached = r));
      const released = new Promise<void>((r) => (release = r));
      holds.push({ rule, armed: true, reached, released });
      return { reached: reachedPromise, release };
    },
    lost: () => lostCount,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
