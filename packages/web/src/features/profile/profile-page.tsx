export function ProfilePage() {
  return <div>Profile</div>;
}
