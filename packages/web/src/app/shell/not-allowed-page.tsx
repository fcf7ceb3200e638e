export function NotAllowedPage() {
  return <div>NotAllowedPage</div>;
}
