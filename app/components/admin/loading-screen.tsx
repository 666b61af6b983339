/** Full-screen 'Loading...' while a sign-in is in progress (SPEC.md section 2). */
export function LoadingScreen() {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      Loading...
    </div>
  );
}
