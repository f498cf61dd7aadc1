import { AUTHENTICATION_ABANDONED, clientSecretOf, withCardAuthentication } from './card-authentication';

const needsAction = { status: 402, data: { message: 'Your bank asks you to confirm this payment.', clientSecret: 'pi_1_secret_x' } };

describe('withCardAuthentication', () => {
  it('authenticates with the client secret, then sends the same request once more', async () => {
    const answers: (() => Promise<string>)[] = [() => Promise.reject(needsAction), () => Promise.resolve('paid')];
    const secrets: string[] = [];
    const result = await withCardAuthentication(
      () => answers.shift()!(),
      async (secret) => {
        secrets.push(secret);
        return null;
      },
    );
    expect(result).toBe('paid');
    expect(secrets).toEqual(['pi_1_secret_x']);
    expect(answers).toEqual([]);
  });

  it("answers the server's decline after a failed challenge, and Stripe's message (or the abandoned one) when the challenge is still open", async () => {
    const declined = { status: 402, data: { message: 'We are unable to authenticate your payment method.' } };
    const sends = [needsAction, declined];
    await expect(
      withCardAuthentication(
        () => Promise.reject(sends.shift()),
        async () => 'Stripe says no',
      ),
    ).rejects.toBe(declined);
    await expect(
      withCardAuthentication(
        () => Promise.reject(needsAction),
        async () => 'Stripe says no',
      ),
    ).rejects.toEqual({ status: 402, data: { message: 'Stripe says no' } });
    await expect(
      withCardAuthentication(
        () => Promise.reject(needsAction),
        async () => null,
      ),
    ).rejects.toEqual({ status: 402, data: { message: AUTHENTICATION_ABANDONED } });
  });

  it('passes any other failure through without authenticating', async () => {
    const failure = { status: 409, data: { message: 'Busy' } };
    let asked = false;
    await expect(
      withCardAuthentication(
        () => Promise.reject(failure),
        async () => ((asked = true), null),
      ),
    ).rejects.toBe(failure);
    expect(asked).toBe(false);
    expect(clientSecretOf(failure)).toBeUndefined();
  });
});
