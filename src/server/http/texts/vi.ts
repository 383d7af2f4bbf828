/** The API's messages a customer may read, in Vietnamese (docs/languages.md). */
import type { ErrorWords } from './en.ts';

const errorWords: ErrorWords = {
  codes: {
    VALIDATION_FAILED: 'Một số thông tin không hợp lệ.',
    BAD_REQUEST: 'Chúng tôi không hiểu được yêu cầu này.',
    UNAUTHENTICATED: 'Quý khách vui lòng tải lại trang để đăng nhập lại.',
    COMPANY_NOT_FOUND: 'Chúng tôi không tìm thấy tiệm này. Vui lòng kiểm tra đường dẫn hoặc mã.',
    SERVICE_NOT_OFFERED: 'Tiệm không có dịch vụ này. Quý khách vui lòng chọn dịch vụ khác.',
    WAIT_ENTRY_NOT_FOUND: 'Chúng tôi không tìm thấy vị trí này trong danh sách chờ.',
    CSRF_FAILED: 'Quý khách vui lòng tải lại trang và thử lại.',
    STATUS_CHANGE_NOT_ALLOWED: 'Không thể thực hiện bước này lúc này.',
    NO_LONGER_WAITING:
      'Quý khách không còn trong danh sách chờ nên không cần bước này. Vui lòng đến quầy lễ tân.',
    NEAR_TURN_ALREADY_TOLD: 'Chúng tôi đã báo sắp đến lượt quý khách. Vui lòng quay lại quầy lễ tân.',
    MORE_TIME_USED: 'Quý khách đã dùng thời gian thêm. Vui lòng đến quầy lễ tân khi có thể.',
    PROVIDER_NOT_FOUND: 'Thợ này không làm ở đây.',
    PROVIDER_UNKNOWN: 'Thợ này không làm ở tiệm này. Quý khách vui lòng xin đường dẫn mới.',
    CHAT_NOT_FOUND: 'Chúng tôi không tìm thấy cuộc trò chuyện này.',
    SCREEN_LINK_INVALID:
      'Đường dẫn của màn hình này không hợp lệ: có thể đã được đặt lại. Vui lòng mở lại màn hình phòng chờ từ trang quản lý.',
    FEEDBACK_LINK_NOT_FOUND: 'Chúng tôi không tìm thấy đường dẫn đánh giá này. Vui lòng mở lại từ tin nhắn.',
    FEEDBACK_LINK_EXPIRED:
      'Đường dẫn đánh giá đã hết hạn: chỉ dùng được 7 ngày sau lần ghé. Cảm ơn quý khách đã ghé tiệm!',
    ROUTE_NOT_FOUND: 'Không tìm thấy.',
    PAYLOAD_TOO_LARGE: 'Yêu cầu quá lớn.',
    PHONE_JOIN_LIMITED:
      'Số điện thoại này đã đăng ký vào danh sách chờ quá nhiều lần trong một giờ qua. Quý khách vui lòng hỏi tại quầy lễ tân.',
    WALK_INS_CLOSED: 'Hiện chúng tôi không nhận khách không hẹn trước.',
    WALK_INS_PAUSED: 'Danh sách chờ đang tạm dừng.',
    NOT_TAKING_WALK_INS_ONLINE:
      'Hiện chúng tôi không nhận khách không hẹn trước qua mạng. Quý khách vui lòng hỏi tại quầy lễ tân.',
    WAIT_LIST_FULL: 'Danh sách chờ hiện đã đầy. Quý khách vui lòng xem lại sau ít phút.',
    RATE_LIMITED: 'Quá nhiều yêu cầu. Vui lòng chờ một chút rồi thử lại.',
    INTERNAL: 'Hệ thống của chúng tôi gặp sự cố. Vui lòng thử lại.',
    UNAVAILABLE: 'Dịch vụ tạm thời gián đoạn. Vui lòng thử lại sau giây lát.',
  },
  invalidPhone: 'Số điện thoại Mỹ này không hợp lệ. Quý khách vui lòng kiểm tra lại.',
};

export default errorWords;
