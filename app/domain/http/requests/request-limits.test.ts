import {
  FieldCounter,
  FORM_BODY_MAX_BYTES,
  FORM_MAX_FIELDS,
  UPLOAD_BODY_MAX_BYTES,
  bodyLimitFor,
  bodyTooLargeMessage,
} from "./request-limits";

describe("bodyLimitFor", () => {
  const multipart = "multipart/form-data; boundary=x";
  const urlencoded = "application/x-www-form-urlencoded";

  it("gives forms 64 KB and multipart bodies on the upload routes 202 MB", () => {
    expect(bodyLimitFor("/dashboard/login", urlencoded).maxBytes).toBe(FORM_BODY_MAX_BYTES);
    expect(bodyLimitFor("/contact", multipart).maxBytes).toBe(FORM_BODY_MAX_BYTES);
    expect(bodyLimitFor("/api/upload/upload_preview", multipart).maxBytes).toBe(UPLOAD_BODY_MAX_BYTES);
    expect(bodyLimitFor("/dashboard/scan/", "Multipart/Form-Data; boundary=y").maxBytes).toBe(UPLOAD_BODY_MAX_BYTES);
    expect(bodyLimitFor("/products/portfolio-preview", multipart).maxBytes).toBe(UPLOAD_BODY_MAX_BYTES);
    expect(bodyTooLargeMessage(bodyLimitFor("/dashboard/login", urlencoded))).toContain("64 KB");
    expect(bodyTooLargeMessage(bodyLimitFor("/dashboard/scan", multipart))).toContain("202 MB");
  });

  it("gives any other body on an upload route the form limit", () => {
    for (const type of [
      urlencoded,
      "application/json",
      "application/octet-stream",
      "text/plain",
      "",
      null,
      undefined,
    ]) {
      expect(bodyLimitFor("/dashboard/scan", type), String(type)).toEqual({
        maxBytes: FORM_BODY_MAX_BYTES,
        maxFields: FORM_MAX_FIELDS,
      });
      expect(bodyLimitFor("/api/upload/upload_preview", type).maxBytes, String(type)).toBe(FORM_BODY_MAX_BYTES);
    }
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
    const body =
      '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--XyZ\r\nContent-Disposition: form-data; name="b"\r\n\r\n2\r\n--XyZ--\r\n';
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
