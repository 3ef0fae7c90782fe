import { FieldCounter, FORM_BODY_MAX_BYTES, UPLOAD_BODY_MAX_BYTES, bodyLimitFor, bodyTooLargeMessage } from "./request-limits";

describe("bodyLimitFor", () => {
  it("gives forms 64 KB and the two upload routes 50 MB", () => {
    expect(bodyLimitFor("/dashboard/login").maxBytes).toBe(FORM_BODY_MAX_BYTES);
    expect(bodyLimitFor("/contact").maxBytes).toBe(FORM_BODY_MAX_BYTES);
    expect(bodyLimitFor("/api/upload/upload_preview").maxBytes).toBe(UPLOAD_BODY_MAX_BYTES);
    expect(bodyLimitFor("/dashboard/scan/").maxBytes).toBe(UPLOAD_BODY_MAX_BYTES);
    expect(bodyTooLargeMessage(bodyLimitFor("/dashboard/login"))).toContain("64 KB");
    expect(bodyTooLargeMessage(bodyLimitFor("/dashboard/scan"))).toContain("50 MB");
  });
});

describe("FieldCounter", () => {
  it("counts urlencoded fields across chunk boundaries", () => {
    const counter = new FieldCounter("application/x-www-form-urlencoded");
    counter.push(Buffer.from("a=1&b=2&"));
    counter.push(Buffer.from("c=3"));
    expect(counter.fields).toBe(3);
  });

  it("counts multipart boundaries, including one split between chunks", () => {
    const counter = new FieldCounter('multipart/form-data; boundary="XyZ"');
    const body = '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--XyZ\r\nContent-Disposition: form-data; name="b"\r\n\r\n2\r\n--XyZ--\r\n';
    const split = body.indexOf("--XyZ", 10) + 3;
    counter.push(Buffer.from(body.slice(0, split)));
    counter.push(Buffer.from(body.slice(split)));
    expect(counter.fields).toBe(3);
  });

  it("counts nothing for other content types", () => {
    const counter = new FieldCounter("application/json");
    counter.push(Buffer.from('{"a":"&&&"}'));
    expect(counter.fields).toBe(0);
  });
});
