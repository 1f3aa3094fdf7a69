/** The SMS gateway adapter. `console` writes one line per message to the log; `http` posts to a gateway. */
export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

export const consoleSms = (write: (line: string) => void = (line) => console.log(line)): SmsSender => ({
  async send(phone, text) {
    write(`sms to ${phone}: ${text}`);
  },
});

export const httpSms = (url: string): SmsSender => ({
  async send(phone, text) {
    const res = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ phoneNumber: phone.replace(/\D/g, ''), text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  },
});

declare module '../../api/context' {
  interface AppServices {
    /** The SMS gateway the sign-in codes go through. */
    sms: SmsSender;
  }
}
