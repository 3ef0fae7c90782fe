import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ErrorList, Field, SubmitButton, TermsAcceptanceField } from "~/components/forms/fields";
import { TERMS_VERSION } from "~/domain/commerce/orders";
import { reportPrices } from "~/domain/commerce/plan-offer";
import { PageHeader } from "~/components/ui/page-header";
import { SingleLocationOrderSchema } from "~/domain/reports/single-location";
import { pageTitle } from "~/utils/meta";
import { actLocationReportPage, loadLocationReportPage } from "~/services/reports/pages/location-report-page.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Single-location report") }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadLocationReportPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return actLocationReportPage(request);
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
            <input
              type="hidden"
              name="idempotencyKey"
              value={"confirmKey" in actionData! ? actionData.confirmKey : ""}
            />
            <TermsAcceptanceField termsVersion={TERMS_VERSION} />
            <SubmitButton pending={navigation.state !== "idle"}>Confirm purchase</SubmitButton>
          </Form>
        </section>
      ) : (
        <Form method="post" {...getFormProps(form)} className="card space-y-4">
          <input type="hidden" name="intent" value="order" />
          <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Latitude"
              inputProps={{ ...getInputProps(fields.lat, { type: "text" }), inputMode: "decimal" }}
              errors={fields.lat.errors}
            />
            <Field
              label="Longitude"
              inputProps={{ ...getInputProps(fields.lon, { type: "text" }), inputMode: "decimal" }}
              errors={fields.lon.errors}
            />
          </div>
          <Field
            label="Postal address"
            inputProps={{ ...getInputProps(fields.postalAddress, { type: "text" }), autoComplete: "street-address" }}
            errors={fields.postalAddress.errors}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <p className="text-sm text-slate-700" data-testid="report-price">
            Price: {reportPrices().single}, VAT as your billing country requires. You see the total and accept the terms
            before paying.
          </p>
          <SubmitButton pending={navigation.state !== "idle"}>Order the report</SubmitButton>
        </Form>
      )}
      <p className="mt-6 text-sm text-slate-700">
        Prefer to talk to us first?{" "}
        <a className="underline" href="/contact">
          Send a contact request
        </a>{" "}
        and we will prepare the report with you.
      </p>
    </div>
  );
}
