/** Shown in place of a list when the content store could not be read; the details are in the server log. */
export function ContentError({ message }: { message: string }) {
  return (
    <div role="alert" className="my-6 rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
      {message}
    </div>
  );
}
