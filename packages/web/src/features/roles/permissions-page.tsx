export function PermissionsPage() {
  return null;
}
