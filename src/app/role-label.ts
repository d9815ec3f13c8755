// A role as the top bar's badge reads it: 'ENGINEER' -> 'Engineer'.
export function roleLabel(role: string): string {
  return role.charAt(0).toUpperCase() + role.slice(1).toLowerCase();
}
