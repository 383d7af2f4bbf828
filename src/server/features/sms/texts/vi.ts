/** What CheckN texts, in Vietnamese (docs/languages.md). */
import type { SmsWords } from './en.ts';

const smsWords: SmsWords = {
  join: '{business}: quý khách đã vào danh sách chờ {service}. Trả lời để nhắn cho chúng tôi. Nhắn DUNG để ngừng nhận tin.',
  called: '{business}: đến lượt quý khách {name}! Mời đến quầy lễ tân.',
  serviceRequest:
    '{business}: đã gửi yêu cầu của quý khách đến {provider}. Trả lời để nhắn cho chúng tôi. Nhắn DUNG để ngừng nhận tin.',
  requestEnded:
    '{business}: {provider} hiện chưa thể phục vụ quý khách. Quý khách có thể chờ thợ nào rảnh trước, vẫn giữ vị trí: {link}',
  runningBehind:
    '{business}: chúng tôi đang trễ khoảng {minutes} phút. Quý khách vẫn giữ vị trí. Cảm ơn quý khách đã kiên nhẫn chờ!',
  nearTurnNext: '{business}: quý khách là người kế tiếp! Vui lòng quay lại ngay để không lỡ lượt.',
  nearTurnAhead: '{business}: còn {ahead} người nữa là đến lượt quý khách. Vui lòng quay lại ngay.',
  nearTurnMinutes: '{business}: khoảng {minutes} phút nữa là đến lượt quý khách. Vui lòng quay lại ngay.',
  feedback: '{business}: cảm ơn quý khách đã ghé tiệm! Mời quý khách đánh giá: {link}',
  replies: {
    stop: 'Đã ngừng gửi tin từ danh sách chờ CheckN. Nhắn BATDAU để nhận lại.',
    start: (business: string) => `${business}: đã bật lại tin nhắn. Nhắn DUNG để ngừng nhận tin.`,
    help: (business: string) =>
      `${business}: danh sách chờ. Trả lời để nhắn cho quầy lễ tân. Nhắn DUNG để ngừng nhận tin.`,
  },
};

export default smsWords;
