import { expect, test, type Page } from "@playwright/test";
import { acceptCookies, lastMailTo, RETRY_ON_RESET, uniqueEmail } from "../helpers";

/** The newest outbox message to this address (the e2e server has no SMTP_URL, so mail lands in the outbox). */
async function openMail(page: Page, to: string, subject: RegExp | string) {
  await page.goto("/dev/outbox");
  const mail = page.getByRole("article").filter({ hasText: to }).filter({ hasText: subject }).first();
  await expect(mail).toBeVisible();
  return mail;
}

test.describe("public site", () => {
  test("every public page renders its content in the first HTML; reading pages ship no script", async ({ page }) => {
    const pages: [string, RegExp][] = [
      ["/", /Know which of your locations the climate puts at risk/],
      ["/api", /Public JSON API/],
      ["/technology", /Technology/],
      ["/about", /About us/],
      ["/contact", /Contact/],
      ["/cookies_policy", /Cookies Policy/],
      ["/privacy_policy", /Privacy Policy/],
      ["/terms", /Terms and Conditions/],
      ["/products", /Products/],
      ["/products_old", /Legacy products/],
      ["/products/new", /What's new/],
      ["/products/flood-map", /Detailed flood maps/],
    ];
    for (const [path, heading] of pages) {
      const response = await page.request.get(path, RETRY_ON_RESET);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      expect(html, path).toMatch(heading);
      expect(html, path).toContain("<h1");
      if (!["/api", "/contact", "/products/flood-map"].includes(path))
        expect(html, path).not.toContain('<script type="module"');
    }
    await page.goto("/");
    await acceptCookies(page);
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Free Scan" })).toHaveAttribute("href", "/dashboard");
    await expect(header.getByRole("link", { name: "Book a call" })).toHaveAttribute("href", "/dashboard");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: /Terms & Conditions/ })).toHaveAttribute(
      "target",
      "_blank",
    );
    await expect(page.getByRole("contentinfo")).toContainText("London - Paris");
  });

  test("the API page renders the OpenAPI document as HTML", async ({ page, request }) => {
    const doc = await (await request.get("/api/openapi.json", RETRY_ON_RESET)).json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/riskdb/hazard_scores");
    await page.goto("/api");
    await acceptCookies(page);
    const endpoint = page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: /\/api\/riskdb\/hazard_scores/ }) });
    await expect(endpoint).toContainText("location_code");
    await expect(endpoint.getByRole("table")).toBeVisible();
    await expect(endpoint.getByLabel(/^curl GET/)).toContainText("/api/riskdb/hazard_scores?location_code=GB");
    await expect(page.getByRole("heading", { level: 3, name: "Risk data" })).toBeVisible();
    // Typed client examples, server-rendered (the page works without JavaScript).
    await expect(page.getByRole("heading", { level: 3, name: "Client examples" })).toBeVisible();
    await expect(page.getByLabel("Python example")).toContainText("HazardScoresResponse.model_validate");
    await expect(page.getByLabel("JavaScript / TypeScript example")).toContainText(
      'client.GET("/riskdb/hazard_scores"',
    );
    await expect(page.getByLabel("curl example")).toContainText("Authorization: Bearer");
  });

  test("subscribe to the newsletter from the footer and confirm by e-mail", async ({ page }) => {
    const email = uniqueEmail("news");
    await page.goto("/contact");
    await acceptCookies(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Newsletter" }).click();
    const dialog = page.getByRole("dialog", { name: "Newsletter" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Subscribe" }).click();
    await expect(dialog.getByText("Field is required").first()).toBeVisible();
    await dialog.getByLabel("First name (optional)").fill("Ada");
    await dialog.getByLabel("E-mail").fill(email);
    await dialog.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Thank you! We have sent you an e-mail").first()).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Newsletter" })).toBeHidden();

    // The production outbox page hides confirmation tokens; the mail itself went out by SMTP.
    const listed = await openMail(page, email, "Confirm your subscription");
    await expect(listed).toContainText("token=[redacted]");
    const link = (await lastMailTo(email)).match(/https?:\/\/\S*\/newsletter\/confirm\?token=[\w-]+/)?.[0];
    expect(link).toContain("/newsletter/confirm?token=");
    await page.goto(link!);
    await expect(page.getByRole("heading", { level: 1, name: "Subscription confirmed" })).toBeVisible();
    await expect(page.getByText("Your subscription is confirmed. Welcome to our newsletter!")).toBeVisible();
  });

  test("request the methodology, receive the PDF by e-mail, then resend at once", async ({
    page,
    javaScriptEnabled,
  }) => {
    const email = uniqueEmail("method");
    // /api keeps its scripts (the static pages do without), so the JavaScript path is exercised here.
    await page.goto("/api");
    await acceptCookies(page);
    await page.getByRole("banner").getByText("Services").click();
    await page.getByRole("banner").getByRole("link", { name: "Methodology" }).click();
    const dialog = page.getByRole("dialog", { name: "Methodology" });
    await expect(dialog).toContainText("Please enter your email. You will receive the Methodology by email.");
    const send = dialog.getByRole("button", { name: "Send", exact: true });
    await dialog.getByLabel("E-mail").fill(`  ${email}  `);
    if (javaScriptEnabled) {
      // With JavaScript, Send stays disabled until the terms are ticked.
      await expect(send).toBeDisabled();
    } else {
      // Without JavaScript a CSS :has() rule lets no click through, and the server checks the box (Enter still submits).
      await expect(send).toHaveCSS("pointer-events", "none");
      await dialog.getByLabel("E-mail").press("Enter");
      await expect(page.getByRole("dialog", { name: "Methodology" }).getByText("Field is required.")).toBeVisible();
    }
    await page
      .getByRole("dialog", { name: "Methodology" })
      .getByLabel(/I accept the/)
      .check();
    await page.getByRole("dialog", { name: "Methodology" }).getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByText("Document sent").first()).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Methodology" })).toBeHidden();

    const mail = await openMail(page, email, "Methodology");
    await expect(mail).toContainText(/Attachment: methodology\.pdf \(application\/pdf, \d+ bytes\)/);

    // Next time the document goes out again at once; without JavaScript the modal offers "Send again".
    await page.goto("/api?document=methodology");
    if (!javaScriptEnabled) {
      const again = page.getByRole("dialog", { name: "Methodology" });
      await expect(again).toContainText(`We already sent the Methodology to ${email}`);
      await again.getByRole("button", { name: "Send again" }).click();
    }
    // With JavaScript the send starts once the page has hydrated: /api is the largest page there is.
    await expect(page.getByText("Document sent").first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("dialog", { name: "Methodology" })).toBeHidden();
    await page.goto("/dev/outbox");
    await expect(page.getByRole("article").filter({ hasText: email })).toHaveCount(2);
  });

  test("on a page without the script bundle, Send waits for the terms and a second request goes out at once", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "the CSS gate and the resend script are for browsers with script on static pages");
    const email = uniqueEmail("static");
    await page.goto("/methodology?document=pricing");
    await acceptCookies(page);
    const dialog = page.getByRole("dialog", { name: /Pricing/ });
    const send = dialog.getByRole("button", { name: "Send", exact: true });
    await dialog.getByLabel("E-mail").fill(email);
    // No React here: the CSS :has() rule lets no click through until the box is ticked.
    await expect(send).toHaveCSS("pointer-events", "none");
    await expect(dialog.getByText("Tick the terms to enable Send.")).toBeVisible();
    await dialog.getByLabel(/I accept the/).check();
    await expect(send).toHaveCSS("pointer-events", "auto");
    await expect(dialog.getByText("Tick the terms to enable Send.")).toBeHidden();
    await send.click();
    await expect(page.getByText("Document sent").first()).toBeVisible();

    await page.goto("/methodology?document=pricing");
    await expect(page).toHaveURL(/\/methodology$/);
    await expect(page.getByText("Document sent").first()).toBeVisible();
    await page.goto("/dev/outbox");
    await expect(page.getByRole("article").filter({ hasText: email })).toHaveCount(2);
  });

  test("send a contact message to the team", async ({ page }) => {
    const email = uniqueEmail("contact");
    await page.goto("/contact");
    await acceptCookies(page);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Field is required").first()).toBeVisible();
    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("Last name").fill("Hopper");
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("textbox", { name: "Message" }).fill("We would like to screen 300 warehouses. Can we talk?");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Thank you, your message has been sent.").first()).toBeVisible();
    const mail = await openMail(page, "team@", "Message from Grace Hopper");
    await expect(mail).toContainText("We would like to screen 300 warehouses.");
    await expect(mail).toContainText(email);
  });

  test("accept cookies, then change the cookie settings", async ({ page, context }) => {
    await page.goto("/");
    const consent = page.getByRole("alertdialog", { name: "We use cookies" });
    await expect(consent).toBeVisible();
    await consent.getByRole("link", { name: "Cookie settings" }).click();
    const settings = page.getByRole("dialog", { name: "Cookie settings" });
    await expect(settings.getByLabel(/Necessary/)).toBeDisabled();
    await settings.getByLabel("Analytics").check();
    await settings.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Your cookie settings are saved").first()).toBeVisible();
    const value = async () =>
      decodeURIComponent((await context.cookies()).find((c) => c.name === "cookie_consent")?.value ?? "");
    expect(await value()).toBe("v1:necessary,analytics");
    await expect(page.getByRole("alertdialog", { name: "We use cookies" })).toBeHidden();

    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
    const again = page.getByRole("dialog", { name: "Cookie settings" });
    await expect(again.getByLabel("Analytics")).toBeChecked();
    await again.getByLabel("Analytics").uncheck();
    await again.getByLabel("Marketing").check();
    await again.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("dialog", { name: "Cookie settings" })).toBeHidden();
    expect(await value()).toBe("v1:necessary,marketing");
  });

  test("the flood map page has a static map without JavaScript and a drill-down to regions", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/products/flood-map");
    await acceptCookies(page);
    await expect(page.getByRole("heading", { level: 2, name: /River-flood levels in the world/ })).toBeVisible();
    await expect(page.getByRole("group", { name: /River-flood levels in the world/ })).toBeVisible();
    await expect(page.getByText("5 Extreme").first()).toBeVisible();
    await page.getByLabel("Country").selectOption("FR");
    await page.getByRole("button", { name: "Show map" }).click();
    await expect(page.getByRole("heading", { level: 2, name: /River-flood levels in France/ })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Region" })).toBeVisible();
    if (javaScriptEnabled) {
      // The interactive map draws the same regions with Leaflet, from our own outlines (no tile server).
      await expect(page.locator(".leaflet-container path.leaflet-interactive").first()).toBeVisible();
      await page.getByLabel("Hexagons (H3 resolution 4)").check();
      await expect.poll(() => page.locator(".leaflet-container path.leaflet-interactive").count()).toBeGreaterThan(100);
    } else {
      await expect(page.getByText("The interactive map needs JavaScript.")).toBeVisible();
    }
  });
});
