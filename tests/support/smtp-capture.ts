/** A real SMTP server for tests: accepts every message and keeps it, parsed enough to read text and attachments. */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface MimePart {
  headers: Record<string, string>;
  contentType: string;
  filename: string | null;
  body: Buffer;
  parts: MimePart[];
}

export interface CapturedMail {
  envelope: { from: string; to: string[] };
  raw: string;
  root: MimePart;
  header: (name: string) => string | undefined;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const unfolded = block.replace(/\r?\n[ \t]+/g, " ");
  for (const line of unfolded.split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

function param(value: string | undefined, name: string): string | null {
  const match = value?.match(new RegExp(`${name}\\*?=("?)([^";]+)\\1`, "i"));
  return match ? match[2]! : null;
}

function decodeBody(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? "").toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64");
    case "quoted-printable": {
      const soft = body.replace(/=\r?\n/g, "");
      const bytes: number[] = [];
      for (let i = 0; i < soft.length; i++) {
        if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
          bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
          i += 2;
        } else bytes.push(...Buffer.from(soft[i]!, "utf8"));
      }
      return Buffer.from(bytes);
    }
    default:
      return Buffer.from(body, "utf8");
  }
}

export function parseMime(raw: string): MimePart {
  const split = raw.search(/\r?\n\r?\n/);
  const headerBlock = split >= 0 ? raw.slice(0, split) : raw;
  const body = split >= 0 ? raw.slice(split).replace(/^\r?\n\r?\n/, "") : "";
  const headers = parseHeaders(headerBlock);
  const contentType = (headers["content-type"] ?? "text/plain").split(";")[0]!.trim().toLowerCase();
  const filename = param(headers["content-disposition"], "filename") ?? param(headers["content-type"], "name");
  if (contentType.startsWith("multipart/")) {
    const boundary = param(headers["content-type"], "boundary")!;
    const chunks = body.split(`--${boundary}`).slice(1);
    const parts = chunks.filter((c) => !c.startsWith("--")).map((c) => parseMime(c.replace(/^\r?\n/, "")));
    return { headers, contentType, filename, body: Buffer.alloc(0), parts };
  }
  return { headers, contentType, filename, body: decodeBody(body, headers["content-transfer-encoding"]), parts: [] };
}

function flatten(part: MimePart): MimePart[] {
  return part.parts.length ? part.parts.flatMap(flatten) : [part];
}

export interface SmtpCapture {
  url: string;
  messages: CapturedMail[];
  waitFor: (count: number, timeoutMs?: number) => Promise<CapturedMail[]>;
  close: () => Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const root = parseMime(raw);
        const leaves = flatten(root);
        messages.push({
          envelope: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
          },
          raw,
          root,
          header: (name) => root.headers[name.toLowerCase()],
          text: leaves.find((p) => p.contentType === "text/plain" && !p.filename)?.body.toString("utf8") ?? "",
          attachments: leaves
            .filter((p) => p.filename)
            .map((p) => ({ filename: p.filename!, contentType: p.contentType, content: p.body })),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(count, timeoutMs = 5000) {
      const start = Date.now();
      while (messages.length < count) {
        if (Date.now() - start > timeoutMs) throw new Error(`expected ${count} mail(s), got ${messages.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
