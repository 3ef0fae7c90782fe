/**
 * A form or JSON body is read before the request asks for an app turn, then handed back to the request stream, so
 * that the Remix adapter (which reads the body from the request itself) gets every byte, and an empty body still
 * ends. Checked against a real node:http server whose reader starts only after a wait, as behind a queue.
 */
import http from "node:http";
import net from "node:net";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_BODY_MAX_BYTES, FORM_MAX_FIELDS } from "~/domain/http/requests/request-limits";
import { awaitBody } from "../../../server/admission/request-body";

const LIMIT = { maxBytes: FORM_BODY_MAX_BYTES, maxFields: FORM_MAX_FIELDS };
/** How long the app waits before it reads, as a request waiting for its turn would. */
const TURN_WAIT_MS = 30;

let server: http.Server;
let port = 0;
/** Whether the body had fully arrived when awaitBody let the request go on. */
const arrivedBeforeRead: boolean[] = [];

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const refusal = await awaitBody(req, LIMIT);
    if (refusal) {
      res.writeHead(refusal.status ?? 499, {
        Connection: "close",
        "Content-Length": Buffer.byteLength(refusal.message),
      });
      return void res.end(refusal.message);
    }
    arrivedBeforeRead.push(req.complete);
    await new Promise((r) => setTimeout(r, TURN_WAIT_MS));
    // What @remix-run/express does with the request's body.
    const request = new Request("http://localhost/", {
      method: "POST",
      body: createReadableStreamFromReadable(req),
      duplex: "half",
    } as RequestInit);
    const body = Buffer.from(await request.arrayBuffer());
    const text = `${body.length}:${body.toString("base64")}`;
    res.writeHead(200, { "Content-Type": "text/plain", "Content-Length": Buffer.byteLength(text) });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends a raw request in the given pieces, `gapMs` apart; resolves with the status and body of the answer. */
async function send(head: string, pieces: Buffer[], gapMs = 0): Promise<{ status: number; body: string }> {
  const socket = net.connect(port, "127.0.0.1");
  socket.on("error", () => undefined);
  let received = "";
  const answered = new Promise<void>((resolve) => {
    socket.setEncoding("latin1").on("data", (c: string) => {
      received += c;
      const headEnd = received.indexOf("\r\n\r\n");
      const length = /\r\nContent-Length: (\d+)/i.exec(received)?.[1];
      if (headEnd !== -1 && length !== undefined && received.length >= headEnd + 4 + Number(length)) resolve();
    });
    socket.once("close", () => resolve());
  });
  await new Promise((r) => socket.once("connect", r));
  socket.write(`${head}\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
  for (const piece of pieces) {
    if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
    if (!socket.destroyed) socket.write(piece);
  }
  await answered;
  socket.destroy();
  const [, status] = /^HTTP\/1\.1 (\d{3})/.exec(received) ?? [];
  return { status: Number(status), body: received.slice(received.indexOf("\r\n\r\n") + 4) };
}

function echoed(answer: { body: string }): Buffer {
  const [length, base64] = answer.body.split(":");
  const bytes = Buffer.from(base64 ?? "", "base64");
  expect(bytes.length).toBe(Number(length));
  return bytes;
}

function chunked(pieces: Buffer[]): Buffer[] {
  return [
    ...pieces.map((p) => Buffer.concat([Buffer.from(`${p.length.toString(16)}\r\n`), p, Buffer.from("\r\n")])),
    Buffer.from("0\r\n\r\n"),
  ];
}

describe("a body read before its turn and handed back", () => {
  it("gives the app a small form body whole", async () => {
    const body = Buffer.from("email=a%40example.com&password=secret");
    const answer = await send(
      `POST /login HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}`,
      [body],
    );
    expect(answer.status).toBe(200);
    expect(echoed(answer).equals(body)).toBe(true);
  });

  it("gives the app a 60 KB body sent in several packets, byte for byte", async () => {
    const body = Buffer.alloc(60_000, 0);
    for (let i = 0; i < body.length; i++) body[i] = (i * 7919) % 251;
    const pieces = [body.subarray(0, 20_000), body.subarray(20_000, 40_000), body.subarray(40_000)];
    const answer = await send(
      `POST /form HTTP/1.1\r\nContent-Type: application/octet-stream\r\nContent-Length: ${body.length}`,
      pieces,
      20,
    );
    expect(answer.status).toBe(200);
    expect(echoed(answer).equals(body)).toBe(true);
  });

  it("gives the app a chunked body without a length", async () => {
    const parts = [Buffer.from("a=1&"), Buffer.from("b=2&"), Buffer.from("c=3")];
    const answer = await send(
      "POST /form HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked",
      chunked(parts),
      10,
    );
    expect(answer.status).toBe(200);
    expect(echoed(answer).toString()).toBe("a=1&b=2&c=3");
  });

  it("ends an empty body for the app, with Content-Length: 0 and chunked, sent at once or later", async () => {
    const atOnce = await send("POST /form HTTP/1.1\r\nContent-Length: 0", []);
    expect([atOnce.status, echoed(atOnce).length]).toEqual([200, 0]);
    const chunkedEmpty = await send(
      "POST /form HTTP/1.1\r\nTransfer-Encoding: chunked",
      [Buffer.from("0\r\n\r\n")],
      50,
    );
    expect([chunkedEmpty.status, echoed(chunkedEmpty).length]).toEqual([200, 0]);
  });

  it("gives the app a body sent one byte at a time, and lets it go on only once all of it has arrived", async () => {
    const body = Buffer.from("name=Lisbon+office&lat=38.72&lon=-9.14");
    const before = arrivedBeforeRead.length;
    const answer = await send(
      `POST /form HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}`,
      [...body].map((b) => Buffer.from([b])),
      2,
    );
    expect(answer.status).toBe(200);
    expect(echoed(answer).equals(body)).toBe(true);
    expect(arrivedBeforeRead.slice(before)).toEqual([true]);
  });

  it("refuses a body over the limit with 413, before the app reads it", async () => {
    const body = Buffer.alloc(FORM_BODY_MAX_BYTES + 1, 0x61);
    const answer = await send(
      "POST /form HTTP/1.1\r\nTransfer-Encoding: chunked",
      chunked([body.subarray(0, 40_000), body.subarray(40_000)]),
      10,
    );
    expect(answer.status).toBe(413);
  });
});
