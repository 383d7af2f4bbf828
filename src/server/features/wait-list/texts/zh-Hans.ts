/** Web Push when staff move an entry along, in Simplified Chinese (您: docs/languages.md). */
import type { StatusNotificationWords } from './en.ts';

const words: StatusNotificationWords = {
  statusNotifications: {
    waiting: '您已回到等候名单。',
    called: '轮到您了！请到前台。',
    in_service: '正在为您服务。',
    done: '服务已完成，感谢您的光临！',
    no_show: '我们叫到了您，但没有找到您。如果您还在，请重新登记排队。',
    cancelled: '您已被移出等候名单。',
  },
};

export default words;
