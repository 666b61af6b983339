/** A toast with the specification's wording first and, when there is one, the server's reason below it. */
export function ToastLines({ title, detail }: { title: string; detail?: string | null }) {
  return (
    <div className="toast-lines">
      <p className="toast-lines__title">{title}</p>
      {detail ? <p className="toast-lines__detail">{detail}</p> : null}
    </div>
  );
}
