/**
 * Every word a customer page shows (the walk-in's pages, the kiosk, the lobby screen) in
 * Vietnamese (docs/languages.md: quý khách, chúng tôi, full diacritics, the glossary's terms).
 * Words about the staff console (Board, "Lobby screen") stay in English: the console is English.
 */
import type { CustomerWords } from '../en/customer.ts';

/** "a", "a và b", "a, b và c". */
function listOf(items: readonly string[]): string {
  return new Intl.ListFormat('vi', { type: 'conjunction' }).format(items);
}

const customerWords: CustomerWords = {
  home: {
    tagline: 'Đăng ký vào danh sách chờ ngay trên điện thoại. Chúng tôi sẽ nhắn tin khi đến lượt quý khách.',
    codeLabel: 'Mã tiệm',
    codeHint: 'Mã có trên bảng tại quầy lễ tân, hoặc ở cuối đường link quý khách nhận được.',
    codeRequired: 'Vui lòng nhập mã tiệm',
    open: 'Mở',
    demo: 'Dùng thử tiệm mẫu',
  },
  userInfo: {
    heading: 'Nhập tên và số điện thoại của quý khách',
    description: (company: string, service: string) =>
      `Đăng ký vào danh sách chờ tại ${company} cho dịch vụ ${service}.`,
    nameLabel: 'Tên',
    phoneLabel: 'Số điện thoại',
    phonePlaceholder: '+1 (###) ###-####',
    phoneInvalidHint: 'Số điện thoại phải có 10 chữ số',
    nameInvalidHint: 'Vui lòng nhập tên',
    next: 'Tiếp tục',
    missingNameAndPhone: 'Vui lòng nhập tên và số điện thoại',
    smsNote: 'Chúng tôi sẽ nhắn tin đến số này để báo vị trí của quý khách.',
    back: 'Quay lại',
    serviceLabel: 'Dịch vụ',
    change: 'Đổi',
    alreadyJoined: 'Quý khách đã có tên trong danh sách chờ từ trang này.',
    seeYourPlace: 'Xem vị trí của quý khách',
  },
  confirm: {
    title: (name: string) => `Xin chào ${name}`,
    message: (service: string) => `Quý khách muốn đăng ký dịch vụ "${service}"?`,
    yes: 'Đồng ý',
    close: 'Đóng',
    joining: 'Đang đăng ký…',
    failed:
      'Chúng tôi chưa thể thêm quý khách vào danh sách chờ. Thông tin vẫn được giữ lại; vui lòng thử lại.',
    offline:
      'Có vẻ quý khách đang mất kết nối mạng. Thông tin vẫn được giữ lại; vui lòng thử lại khi có mạng.',
    waitingForConnection:
      'Quý khách đang mất kết nối mạng. Vui lòng giữ trang này mở: chúng tôi sẽ thêm quý khách vào danh sách ngay khi có mạng trở lại. Đóng thông báo này để hủy.',
    withdrawn: 'Đã hủy: chưa có gì được gửi đi, và quý khách không có trong danh sách chờ.',
  },
  checkedIn: {
    loadingTitle: 'Vị trí của quý khách',
    title: 'Quý khách đã có tên trong danh sách chờ',
    sentTo: (provider: string, service: string) =>
      `Yêu cầu của quý khách đã được gửi đến ${provider} cho dịch vụ ${service}.`,
    textSent:
      'Chúng tôi đã gửi tin nhắn cho quý khách. Quý khách chỉ cần trả lời trực tiếp tin nhắn đó để nhận cập nhật.',
    textNotSent:
      'Lần này chúng tôi không gửi được tin nhắn cho quý khách. Vui lòng giữ trang này mở: trang sẽ cho biết vị trí của quý khách.',
    doneTitle: 'Cảm ơn quý khách đã ghé tiệm',
    offListTitle: 'Quý khách không còn trong danh sách chờ',
    requestEndedTitle: 'Chưa có tên trong danh sách chờ',
    visitFor: (service: string, provider: string) => `${service} với ${provider}`,
    notFoundTitle: 'Chúng tôi không tìm thấy vị trí này',
    notFoundBody:
      'Vị trí này có thể thuộc về một điện thoại hoặc trình duyệt khác. Quý khách có thể đăng ký lại từ trang của tiệm.',
    backToBusiness: 'Quay lại trang của tiệm',
  },
  request: {
    pending: (provider: string) => `Đang chờ ${provider} nhận yêu cầu của quý khách`,
    answerBy: (time: string) => `Quý khách sẽ nhận được trả lời trước ${time}.`,
    accepted: (provider: string) => `${provider} đã nhận yêu cầu của quý khách.`,
    ended: (provider: string) => `${provider} hiện chưa thể phục vụ quý khách.`,
    nextAvailableHint: 'Chờ thợ nào rảnh trước: quý khách vẫn giữ vị trí tính từ lúc mới đến.',
    nextAvailable: 'Chờ thợ nào rảnh trước',
    joining: 'Đang đăng ký…',
    failed: 'Chưa thực hiện được. Vui lòng thử lại.',
    joinWhenOnline:
      'Quý khách đang mất kết nối mạng. Vui lòng giữ trang này mở: quý khách sẽ được thêm vào danh sách chờ ngay khi có mạng trở lại.',
    follow: 'Theo dõi yêu cầu của quý khách',
    section: 'Yêu cầu',
    accept: 'Nhận',
    decline: 'Từ chối',
    answerWithin: (minutes: number) => (minutes <= 0 ? 'trả lời ngay' : `trả lời trong ${minutes} phút`),
    declined: 'Đã từ chối: đang chờ khách',
    expired: 'Không trả lời kịp: đang chờ khách',
    for: (provider: string) => `cho ${provider}`,
    replyMinutes: 'Số phút thợ có để trả lời một yêu cầu',
  },
  live: {
    position: (n: number) => (n === 1 ? 'Quý khách là người kế tiếp' : `Quý khách đang ở vị trí số ${n}`),
    estimate: ({ low, high }: { low: number; high: number }) =>
      high <= 0
        ? 'Sắp đến lượt'
        : low === high
          ? `Chờ khoảng ${high} phút`
          : `Chờ khoảng ${low}–${high} phút`,
    runningBehind: (minutes: number) => `Tiệm đang trễ ${minutes} phút so với lịch`,
    cameIn: {
      appointments: (times: string[]) => `Khách có lịch hẹn lúc ${listOf(times)} đã đến`,
      requests: (count: number, providers: string[]) =>
        `${count} người đã chọn ${providers.length > 0 ? listOf(providers) : 'thợ riêng'} trước quý khách`,
      rejoined: (count: number) =>
        count === 1
          ? 'Một người đăng ký trước quý khách nay đang chờ thợ nào rảnh trước'
          : `${count} người đăng ký trước quý khách nay đang chờ thợ nào rảnh trước`,
    },
    called: 'Đã đến lượt quý khách! Vui lòng đến quầy lễ tân.',
    calledBy: (provider: string, station: string) =>
      station
        ? `${provider} đã sẵn sàng phục vụ quý khách tại ${station}.`
        : `${provider} đã sẵn sàng phục vụ quý khách.`,
    inService: 'Quý khách đang được phục vụ. Chúc quý khách thư giãn!',
    done: (company: string) => `Đã xong. Cảm ơn quý khách đã ghé ${company}!`,
    noShow: 'Chúng tôi đã gọi nhưng không thấy quý khách. Nếu quý khách vẫn còn ở đây, vui lòng đăng ký lại.',
    cancelled: 'Quý khách không còn trong danh sách chờ.',
    leave: 'Rời danh sách chờ',
    leaveTitle: 'Rời danh sách chờ?',
    leaveBody: 'Quý khách sẽ mất vị trí trong danh sách chờ.',
    leaveConfirm: 'Rời danh sách',
    stay: 'Tiếp tục chờ',
    leaveFailed: 'Chúng tôi chưa thể đưa quý khách ra khỏi danh sách. Vui lòng thử lại.',
    leaveWaitingForConnection:
      'Quý khách đang mất kết nối mạng. Vui lòng giữ trang này mở: chúng tôi sẽ đưa quý khách ra khỏi danh sách ngay khi có mạng trở lại.',
    chat: (provider: string) => `Nhắn tin cho ${provider}`,
    joinAgain: 'Đăng ký lại',
    reconnecting: 'Đang kết nối lại… trang sẽ cập nhật khi có mạng trở lại.',
    notifyTitle: 'Nhận thông báo khi đến lượt quý khách',
    notifyBody: 'Chúng tôi cũng sẽ nhắn tin cho quý khách. Thông báo vẫn đến khi trang này đã đóng.',
    notifyBodyWithoutTexts: 'Thông báo vẫn đến khi trang này đã đóng.',
    notifyButton: 'Bật thông báo',
    notifyOn: 'Đã bật thông báo.',
    notifyFailed:
      'Chúng tôi không bật được thông báo trên thiết bị này, nhưng vẫn sẽ nhắn tin cho quý khách.',
    notifyFailedWithoutTexts:
      'Chúng tôi không bật được thông báo trên thiết bị này. Vui lòng giữ trang này mở.',
    notifyRetry: 'Thử lại',
    notifyBlocked:
      'Thông báo đang bị chặn trong cài đặt trình duyệt; chúng tôi vẫn sẽ nhắn tin cho quý khách.',
  },
  moreTime: {
    label: 'Đến trễ hoặc đã có mặt',
    needMoreTime: 'Tôi cần thêm thời gian',
    needLonger: 'Cần thêm nữa?',
    minutes: (minutes: number) => `Thêm ${minutes} phút`,
    imHere: 'Tôi đã đến',
    heldUntil: (clock: string) => `Chúng tôi sẽ giữ vị trí cho quý khách đến ${clock}.`,
    movedBack: 'Thời gian thêm đã hết, nên quý khách được xếp sau những khách đang có mặt tại tiệm.',
    arrived: 'Quầy lễ tân đã biết quý khách có mặt. Chúng tôi sẽ gọi khi đến lượt quý khách.',
    waitingForConnection:
      'Quý khách đang mất kết nối mạng. Vui lòng giữ trang này mở: chúng tôi sẽ báo cho quầy lễ tân khi có mạng trở lại.',
    failed: 'Đã có lỗi xảy ra. Vui lòng thử lại.',
  },
  nearTurn: {
    label: 'Nhắn tin cho tôi trước khi đến lượt',
    legend: 'Nhắn tin cho tôi khi sắp đến lượt',
    choices: {
      next: 'Khi tôi là người kế tiếp',
      ahead_2: 'Khi còn 2 người trước tôi',
      ahead_3: 'Khi còn 3 người trước tôi',
      ahead_5: 'Khi còn 5 người trước tôi',
      minutes_15: 'Khoảng 15 phút trước',
      off: 'Không cần nhắn',
    },
    willText: {
      next: 'Chúng tôi sẽ nhắn tin khi quý khách là người kế tiếp.',
      ahead_2: 'Chúng tôi sẽ nhắn tin khi còn 2 người trước quý khách.',
      ahead_3: 'Chúng tôi sẽ nhắn tin khi còn 3 người trước quý khách.',
      ahead_5: 'Chúng tôi sẽ nhắn tin khi còn 5 người trước quý khách.',
      minutes_15: 'Chúng tôi sẽ nhắn tin khoảng 15 phút trước lượt của quý khách.',
      off: 'Chúng tôi sẽ không nhắn tin trước, nhưng vẫn nhắn khi đến lượt quý khách.',
    },
    texted: 'Chúng tôi đã nhắn tin cho quý khách: sắp đến lượt. Vui lòng quay lại tiệm ngay.',
    toldNoText: 'Sắp đến lượt quý khách. Vui lòng quay lại tiệm ngay.',
    waitingForConnection: 'Quý khách đang mất kết nối mạng. Lựa chọn sẽ được lưu khi có mạng trở lại.',
  },
  partySize: {
    label: 'Số người trong nhóm',
    note: 'Tính cả quý khách. Mỗi người có một vị trí riêng trong danh sách chờ, ngay cạnh quý khách.',
    option: (size: number) => (size === 1 ? 'Chỉ mình tôi' : `${size} người`),
    partyOf: (size: number) => `Nhóm ${size} người`,
    member: (position: number, size: number) => `${position}/${size}`,
    partyLine: (size: number) =>
      `Nhóm ${size} người: quý khách và ${size - 1} người khác, cùng trong danh sách chờ. "Tôi cần thêm thời gian", "Tôi đã đến" và "Rời danh sách chờ" áp dụng cho cả nhóm.`,
    leaveBody: (size: number) =>
      `Quý khách và ${size - 1} người khác trong nhóm sẽ mất vị trí trong danh sách chờ.`,
  },
  joinFields: {
    optional: (label: string) => `${label} (không bắt buộc)`,
  },
  feedback: {
    title: 'Đánh giá lần ghé tiệm',
    heading: 'Quý khách thấy chúng tôi phục vụ thế nào?',
    visit: (service: string, provider: string | null, day: string) =>
      provider ? `${service} với ${provider} · ${day}` : `${service} · ${day}`,
    ratingLabel: 'Đánh giá của quý khách',
    stars: (stars: number) => `${stars} sao`,
    saving: 'Đang lưu…',
    happy: 'Cảm ơn quý khách! Chúng tôi rất vui vì quý khách hài lòng.',
    reviewAsk: 'Quý khách có thể giới thiệu cho mọi người không? Điều đó giúp tiệm nhỏ rất nhiều.',
    leaveReview: (site: string | null) => (site ? `Viết đánh giá trên ${site}` : 'Viết đánh giá'),
    sorry: 'Chúng tôi rất tiếc vì quý khách chưa hài lòng.',
    whatWentWrong: 'Điều gì chưa tốt?',
    whatWentWrongHint: 'Chỉ chủ tiệm đọc được. Không bắt buộc.',
    charactersLeft: (left: number) => `Còn ${left} ký tự`,
    send: 'Gửi cho chủ tiệm',
    sent: 'Cảm ơn quý khách đã góp ý. Chủ tiệm sẽ đọc.',
    changeNote: 'Quý khách có thể thay đổi đánh giá trong vòng 7 ngày sau lần ghé tiệm.',
    linkNotFoundTitle: 'Đường link này không dùng được',
    linkExpiredTitle: 'Đường link này đã hết hạn',
    waitingForConnection: 'Quý khách đang mất kết nối mạng. Đánh giá sẽ được gửi khi có mạng trở lại.',
  },
  chat: {
    title: 'Trò chuyện',
    placeholder: 'Nhập tin nhắn',
    send: 'Gửi',
    empty: 'Chưa có tin nhắn nào. Quý khách có thể đặt câu hỏi hoặc báo cho chúng tôi nếu đến trễ.',
    tooLong: (max: number) => `Tin nhắn tối đa ${max} ký tự`,
    failed: 'Tin nhắn chưa được gửi. Nội dung vẫn còn trong ô nhập; vui lòng thử lại.',
    waitingForConnection: 'Quý khách đang mất kết nối mạng. Tin nhắn sẽ được gửi khi có mạng trở lại.',
    notFoundTitle: 'Chúng tôi không tìm thấy cuộc trò chuyện này',
    notFoundBody: 'Cuộc trò chuyện có thể thuộc về một điện thoại hoặc trình duyệt khác.',
    back: 'Quay lại vị trí của quý khách',
    newMessage: (author: string, message: string) => `Tin nhắn mới từ ${author}: ${message}`,
    you: 'Quý khách',
  },
  addClient: {
    title: 'Yêu cầu dịch vụ',
    firstName: 'Tên',
    lastName: 'Họ',
    phone: 'Số điện thoại',
    send: 'Gửi',
    sending: 'Đang gửi…',
    missing: 'Vui lòng nhập tên và số điện thoại',
    failed: 'Yêu cầu của quý khách chưa được gửi. Thông tin vẫn được giữ lại; vui lòng thử lại.',
    waitingForConnection:
      'Quý khách đang mất kết nối mạng. Vui lòng giữ trang này mở: yêu cầu sẽ được gửi ngay khi có mạng trở lại.',
    allSet: 'Hoàn tất!',
    sentTo: (provider: string) => `Yêu cầu của quý khách đã được gửi đến ${provider}!`,
    textSent: 'Chúng tôi vừa gửi tin nhắn cho quý khách.',
    textNotSent:
      'Lần này chúng tôi không gửi được tin nhắn cho quý khách. Thợ đã nhận được yêu cầu của quý khách.',
    missingLink: 'Đường link này thiếu thông tin tiệm. Vui lòng xin thợ một đường link mới.',
    linkNotValid: 'Đường link này không dùng được',
    unknownProvider: 'Thợ này không làm việc tại tiệm này. Vui lòng xin thợ một đường link mới.',
  },
  notFound: {
    title: 'Không tìm thấy trang',
    body: 'Đường link có thể bị gõ sai hoặc đã cũ.',
    home: 'Về trang chủ',
  },
  error: {
    title: 'Rất tiếc!',
    body: 'Xin lỗi, đã xảy ra lỗi ngoài ý muốn.',
    home: 'Về trang chủ',
  },
  kiosk: {
    title: (business: string) => `${business} · Đăng ký vào danh sách chờ`,
    notFoundBody: 'Máy này được cài đặt cho một tiệm mà chúng tôi không tìm thấy. Vui lòng hỏi quầy lễ tân.',
    back: 'Quay lại',
    thanks: (name: string) => `Cảm ơn ${name}!`,
    onTheList: (service: string) => `Quý khách đã có tên trong danh sách chờ cho dịch vụ ${service}.`,
    textComing: 'Quý khách sẽ nhận được tin nhắn cập nhật. Trả lời tin nhắn đó để liên lạc với chúng tôi.',
    askAtDesk: 'Vui lòng hỏi quầy lễ tân để biết vị trí của quý khách.',
    startOver: 'Xong',
    returnsBySelf: (seconds: number) =>
      `Chạm vào bất kỳ đâu để kết thúc. Màn hình sẽ tự xóa sau ${seconds} giây.`,
    waitingForConnection:
      'Máy đang mất kết nối mạng. Vui lòng ở lại đây: chúng tôi sẽ thêm quý khách vào danh sách ngay khi máy có mạng trở lại. Đóng thông báo này để hủy.',
    joinUnreachable: 'Máy hiện không kết nối được với danh sách chờ. Vui lòng thử lại, hoặc hỏi quầy lễ tân.',
    joinLimited:
      'Máy này tạm thời không thể thêm khách vào danh sách chờ. Vui lòng hỏi quầy lễ tân: lễ tân có thể thêm quý khách.',
    startOverAfterError: 'Làm lại từ đầu',
    stillThereTitle: 'Quý khách vẫn còn ở đây chứ?',
    stillThereBody: (seconds: number) => `Màn hình sẽ tự xóa sau ${seconds} giây để khách tiếp theo sử dụng.`,
    stillHere: 'Tôi vẫn còn đây',
  },
  lobbyScreen: {
    title: (company: string) => `Màn hình phòng chờ · ${company}`,
    nowServing: 'Đang phục vụ',
    upNext: 'Kế tiếp',
    called: 'Mời đến quầy lễ tân',
    inService: 'Đang được phục vụ',
    withProvider: (provider: string) => `với ${provider}`,
    nobodyServing: 'Hiện chưa phục vụ ai',
    nobodyWaiting: 'Không có ai đang chờ',
    moreWaiting: (count: number) => `+ ${count} người khác đang chờ`,
    joinFromPhone: 'Đăng ký bằng điện thoại',
    scanToJoin: 'Quét mã, hoặc mở',
    reconnecting: 'Đang kết nối lại…',
    loading: 'Đang tải màn hình phòng chờ…',
    resetTitle: 'Đường link của màn hình này đã được đặt lại',
    resetBody: 'Hãy mở lại từ console: Board, rồi "Lobby screen".',
    invalidTitle: 'Đường link này không mở màn hình phòng chờ',
    invalidBody:
      'Đường link có thể đã được đặt lại, hoặc sao chép chưa đủ. Hãy mở màn hình phòng chờ từ console: Board, rồi "Lobby screen".',
  },
  privacy: {
    forgetMe: 'Xóa thông tin của tôi',
    forgetTitle: 'Xóa thông tin của quý khách?',
    forgetBody: (company: string, inLine: boolean) =>
      `${inLine ? `Quý khách sẽ rời danh sách chờ tại ${company}. ` : ''}Tên, số điện thoại và tin nhắn của quý khách tại ${company} sẽ bị xóa, và chúng tôi sẽ ngừng nhắn tin cho quý khách. Không thể hoàn tác thao tác này.`,
    forgetConfirm: 'Xóa thông tin của tôi',
    forgetCancel: 'Giữ lại',
    forgetFailed: 'Chúng tôi chưa xóa được thông tin của quý khách. Vui lòng thử lại.',
    forgetWaitingForConnection:
      'Quý khách đang mất kết nối mạng. Vui lòng giữ trang này mở: thông tin sẽ được xóa ngay khi có mạng trở lại.',
    erasedTitle: 'Thông tin của quý khách đã được xóa',
    erasedBody: (company: string) =>
      `Quý khách đã rời danh sách chờ tại ${company}; tên, số điện thoại và tin nhắn của quý khách đã bị xóa. Điện thoại này cũng không còn lưu các thông tin đó.`,
    startAgain: 'Bắt đầu lại',
  },
};

export default customerWords;
