import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { randomUUID } from "node:crypto";
import { ErrorList, Field, SubmitButton, TermsAcceptanceField } from "~/components/forms/fields";
import { billingInfoHref } from "~/domain/commerce/billing";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import { TERMS_VERSION } from "~/domain/commerce/orders";
import { reportPrices } from "~/domain/commerce/plan-offer";
import { PageHeader } from "~/components/ui/page-header";
import { SingleLocationConfirmSchema, SingleLocationOrderSchema } from "~/domain/reports/single-location";
import { confirmPurchase } from "~/services/commerce/orders/orders.server";
import { isAppError } from "~/services/http/errors.server";
import { readFormData } from "~/services/http/forms/form-body.server";
import { replyWithServiceError } from "~/services/http/forms/form-errors.server";
import { orderSingleLocationReport, singleLocationReportFile } from "~/services/reports/single-location.server";
import { requireUser } from "~/services/auth/session.server";
import { redirectWithToast } from "~/services/http/forms/toast.server";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("Single-location report") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const lead = Number(url.searchParams.get("lead"));
  let ready: { fileId: string; fileName: string } | null = null;
  let pending: string | null = null;
  if (Number.isInteger(lead) && lead > 0) {
    try {
      const file = await singleLocationReportFile(user, lead);
      ready = { fileId: file.id, fileName: file.fileName };
    } catch (error) {
      if (isAppError(error) && error.status === 403) pending = error.message;
      else if (isAppError(error)) throw new Response(error.message, { status: error.status });
      else throw error;
    }
  }
  return json({
    lat: url.searchParams.get("lat") ?? "",
    lon: url.searchParams.get("lon") ?? "",
    // The dashboard's place view prefills the place's name; the buyer can make it a full postal address.
    address: (url.searchParams.get("address") ?? "").slice(0, 300),
    idempotencyKey: randomUUID(),
    ready,
    pending,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  if (formData.get("intent") === "confirm") {
    const parsed = SingleLocationConfirmSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) throw new Response("Bad request", { status: 400 });
    const { terms, terms_version, ...purchase } = parsed.data;
    const here = `/dashboard/location-report?lead=${purchase.leadId}`;
    if (!terms) return redirectWithToast(here, { type: "error", description: COMMERCE_MESSAGES.termsRequired });
    try {
      const result = await confirmPurchase({ userId: user.id, ...purchase, acceptedTerms: terms_version });
      if (result.status === "requires_payment" && result.checkout_url) return redirect(result.checkout_url);
      return redirect(here);
    } catch (error) {
      // The purchase needs billing info first: send the buyer there and back.
      if (isAppError(error) && error.field === "billing_info") {
        return redirectWithToast(billingInfoHref(here), { type: "warning", description: error.message });
      }
      throw error;
    }
  }
  const submission = parseWithZod(formData, { schema: SingleLocationOrderSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), order: null }, { status: 400 });
  try {
    const { order, address, area } = await orderSingleLocationReport(user, submission.value);
    return json({
      result: submission.reply(),
      order: { ...order, address, area },
      confirmKey: randomUUID(),
    });
  } catch (error) {
    const { reply, status } = replyWithServiceError(submission, error);
    return json({ result: reply, order: null }, { status });
  }
}

export default function LocationReportPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "single-location",
    lastResult: actionData?.result,
    constraint: getZodConstraint(SingleLocationOrderSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SingleLocationOrderSchema }),
    defaultValue: { lat: data.lat, lon: data.lon, postalAddress: data.address },
  });
  const order = actionData && "order" in actionData ? actionData.order : null;
  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Single-location report"
        lead="Set a point and its postal address, buy its PDF report and download it: every hazard, scenario and horizon for that point."
      />
      {data.ready ? (
        <div role="status" className="card mb-6">
          <p className="font-semibold">Your report is ready.</p>
          <a className="btn-primary mt-3 inline-block" href={`/dashboard/pdf?id=${data.ready.fileId}`}>
            Download PDF
          </a>
        </div>
      ) : null}
      {data.pending ? (
        <p role="alert" className="mb-6 text-amber-800">
          {data.pending}
        </p>
      ) : null}
      {order ? (
        <section aria-labelledby="order-heading" className="card mb-6">
          <h2 id="order-heading" className="text-lg font-semibold">
            Order {order.order_id}: <span data-testid="order-address">{order.address}</span>
          </h2>
          <p className="text-sm text-slate-700">{order.area}</p>
          <dl className="mt-2 grid grid-cols-[10rem_1fr] gap-y-1 text-sm">
            {(["SUBTOTAL", "TAX RATE", "VAT", "TOTAL"] as const).map((k) => (
              <div key={k} className="contents">
                <dt className="font-semibold">{k}</dt>
                <dd>{String(order.cost[k])}</dd>
              </div>
            ))}
          </dl>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="leadId" value={order.lead_id} />
            <input type="hidden" name="orderId" value={order.order_id} />
            <input type="hidden" name="idempotencyKey" value={"confirmKey" in actionData! ? actionData.confirmKey : ""} />
            <TermsAcceptanceField termsVersion={TERMS_VERSION} />
            <SubmitButton pending={navigation.state !== "idle"}>Confirm purchase</SubmitButton>
          </Form>
        </section>
      ) : (
        <Form method="post" {...getFormProps(form)} className="card space-y-4">
          <input type="hidden" name="intent" value="order" />
          <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Latitude" inputProps={{ ...getInputProps(fields.lat, { type: "text" }), inputMode: "decimal" }} errors={fields.lat.errors} />
            <Field label="Longitude" inputProps={{ ...getInputProps(fields.lon, { type: "text" }), inputMode: "decimal" }} errors={fields.lon.errors} />
          </div>
          <Field label="Postal address" inputProps={{ ...getInputProps(fields.postalAddress, { type: "text" }), autoComplete: "street-address" }} errors={fields.postalAddress.errors} />
          <ErrorList id={form.errorId} errors={form.errors} />
          <p className="text-sm text-slate-700" data-testid="report-price">
            Price: {reportPrices().single}, VAT as your billing country requires. You see the total and accept the terms before paying.
          </p>
          <SubmitButton pending={navigation.state !== "idle"}>Order the report</SubmitButton>
        </Form>
      )}
      <p className="mt-6 text-sm text-slate-700">
        Prefer to talk to us first? <a className="underline" href="/contact">Send a contact request</a> and we will prepare the report with you.
      </p>
    </div>
  );
}
