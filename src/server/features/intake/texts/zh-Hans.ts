/** Why a business takes no walk-in now, in Simplified Chinese (docs/languages.md). */
import type { IntakeWords } from './en.ts';

const intakeWords: IntakeWords = {
  notOnline: '暂不在线接待未预约顾客',
  askAtDesk: '请到前台咨询。',
  closed: '现在不营业',
  noMoreToday: '今天不再接待未预约顾客',
  noMoreUntil: (time) => `${time}前不再接待未预约顾客`,
  paused: '等候名单已暂停',
  backAt: (moment) => `${moment}恢复`,
  checkAgain: '请稍后再来查看。',
  full: '等候名单目前已满',
  moments: {
    today: (time) => `今天${time}`,
    tomorrow: (time) => `明天${time}`,
    thisWeek: (weekday, time) => `${weekday}${time}`,
    later: (date, time) => `${date}${time}`,
    opens: (moment) => `${moment}开始营业`,
  },
};

export default intakeWords;
