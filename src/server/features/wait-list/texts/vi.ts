/** Web Push when staff move an entry along, in Vietnamese (quý khách: docs/languages.md). */
import type { StatusNotificationWords } from './en.ts';

const words: StatusNotificationWords = {
  statusNotifications: {
    waiting: 'Quý khách đã trở lại danh sách chờ.',
    called: 'Đến lượt quý khách! Mời quý khách đến quầy lễ tân.',
    in_service: 'Quý khách đang được phục vụ.',
    done: 'Đã xong. Cảm ơn quý khách đã ghé thăm!',
    no_show:
      'Chúng tôi đã gọi nhưng không thấy quý khách. Nếu quý khách vẫn còn ở đây, vui lòng đăng ký vào danh sách chờ lại.',
    cancelled: 'Quý khách đã được xóa khỏi danh sách chờ.',
  },
};

export default words;
