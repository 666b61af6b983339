// Placeholder until the content-management pages land (issue 4).
export default function Page() {
  return <h1>notices</h1>;
}
