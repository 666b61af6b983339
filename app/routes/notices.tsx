export default function Page() {
  return <main><h1>notices</h1></main>;
}
