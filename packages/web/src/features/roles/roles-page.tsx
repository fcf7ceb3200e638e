export function RolesPage() {
  return null;
}
