/**
 * The password rule of every form that sets a password (register, the wizard's account step, reset, change), applied
 * by the server and, word for word, by the client before sending. NIST SP 800-63B §3.1.1: at least 8 characters,
 * counted as Unicode code points; no composition rules; refuse what is commonly used, expected or compromised, judged
 * by zxcvbn with its common dictionary (passwords, names, keyboard patterns, dates, sequences, l33t). Logging in
 * checks nothing of this: passwords set under an older rule keep working.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** NIST asks for at least 64; the hash input stays small. */
export const PASSWORD_MAX_LENGTH = 100;
/**
 * zxcvbn's score, 0 to 4: 2 is about 10^8 guesses or more. Below it are the passwords an online attacker tries
 * first ('password1', 'P@ssw0rd', 'Sydney2026'); a random 8 characters scores 2, so the length rule and this agree.
 */
export const PASSWORD_MIN_SCORE = 2;

export const PASSWORD_MESSAGES = {
  length: `Your password must be between ${PASSWORD_MIN_LENGTH} and ${PASSWORD_MAX_LENGTH} characters long.`,
  guessable: 'This password is too common or too easy to guess. Try a few unrelated words, or a longer password.',
} as const;

/** Words of the site itself, which a password must not lean on, whoever chooses it. */
const SITE_WORDS = ['fairdraw', 'fair draw', 'random draw', 'prize draw'];

interface Estimator {
  check(password: string, userInputs?: string[]): { score: number };
}

let estimator: Estimator | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads zxcvbn and its dictionaries, once; passwordProblem needs them. Loaded on demand because they weigh some
 * 240 kB gzipped in a browser, which no page but the few that set a password should fetch.
 */
export function loadPasswordPolicy(): Promise<void> {
  loading ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(([core, common]) => {
    estimator = new core.ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });
  });
  return loading;
}

function estimate(password: string, context: readonly string[]): number {
  if (!estimator) throw new Error('The password policy is not loaded: await loadPasswordPolicy() first.');
  const words = [...SITE_WORDS, ...context.flatMap((text) => contextWords(text))];
  return estimator.check(password, words).score;
}

/** The person's own details as zxcvbn's user inputs: the whole value, and an e-mail's local part and domain. */
function contextWords(text: string): string[] {
  const trimmed = text.trim().toLowerCase();
  if (!trimmed) return [];
  return [trimmed, ...trimmed.split(/[@.\s]+/).filter((part) => part.length >= 3)];
}

/**
 * Why the password is refused, or null when it is acceptable (after loadPasswordPolicy()). `context`: what the site knows of the person choosing
 * it (e-mail, names), which makes a password easy to guess for anyone who knows them too.
 */
export function passwordProblem(password: string, context: readonly string[] = []): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.length;
  return estimate(password, context) < PASSWORD_MIN_SCORE ? PASSWORD_MESSAGES.guessable : null;
}
