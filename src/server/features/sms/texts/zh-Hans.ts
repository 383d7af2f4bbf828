/** What CheckN texts, in Simplified Chinese (docs/languages.md). */
import type { SmsWords } from './en.ts';

const smsWords: SmsWords = {
  join: '{business}: 您已加入{service}的等候名单。回复本短信即可联系我们。回复TD退订',
  called: '{business}: {name}，轮到您了！请到前台。',
  serviceRequest: '{business}: 您的请求已发送给{provider}。回复本短信即可联系我们。回复TD退订',
  requestEnded: '{business}: {provider}暂时无法为您服务。您可改等下一位空闲服务人员，排队位置不变：{link}',
  runningBehind: '{business}: 本店目前进度延后约{minutes}分钟，您的排队位置不变。感谢您的耐心等候！',
  nearTurnNext: '{business}: 下一位就是您！请现在返回，以免错过。',
  nearTurnAhead: '{business}: 快轮到您了，前面还有{ahead}位。请现在返回。',
  nearTurnMinutes: '{business}: 约{minutes}分钟后轮到您。请现在返回。',
  feedback: '{business}: 感谢您的光临！请为本次服务评分：{link}',
  replies: {
    stop: '您将不再收到CheckN等候名单的短信。回复START可重新开启。',
    start: (business: string) => `${business}: 短信已重新开启。回复TD退订`,
    help: (business: string) => `${business}等候名单。回复本短信即可联系前台。回复TD退订`,
  },
};

export default smsWords;
