export function ModulePage() {
  return <div>ModulePage</div>;
}
