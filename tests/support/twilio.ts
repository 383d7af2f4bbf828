/** A test app texting through Twilio's driver: webhooks are signed with `token` over `publicUrl`. */
export const TWILIO_TEST = {
  publicUrl: 'https://salon.example',
  token: 'test-auth-token-123',
  from: '+15005550006',
} as const;

export const twilioTestEnv = {
  PUBLIC_URL: TWILIO_TEST.publicUrl,
  SMS_DRIVER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
  TWILIO_AUTH_TOKEN: TWILIO_TEST.token,
  TWILIO_FROM: TWILIO_TEST.from,
};
