/** What home's `logout` and `registered` queries announce (part 1 §2, §4). Null when there is nothing to say. */
export function accountNotice(search: URLSearchParams, email: string | null): { title: string; message: string } | null {
  const logout = search.get('logout');
  if (logout === 'inactive') return { title: 'Logged out', message: 'You have been logged out because you were inactive for 30 minutes.' };
  if (logout !== null) return { title: 'Logged out', message: 'You have been logged out.' };
  const registered = search.get('registered');
  if (registered === 'confirmed') return { title: 'Thank you', message: 'Your e-mail address is confirmed.' };
  if (registered !== null) {
    return { title: 'Welcome to FairDraw', message: `Account created. We have sent a confirmation link to ${email ?? 'your e-mail address'}.` };
  }
  return null;
}
