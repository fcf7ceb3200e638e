export function LoginRoute() {
  return <div>Login</div>;
}
