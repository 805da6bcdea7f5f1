import { LazyService, cfg } from "./entities/model";
import { UserEntity } from "./entities/user";
import { EmailEntity } from "./entities/email";
import { ProductEntity } from "./entities/product";
import { PurchaseEntity } from "./entities/purchase";
import { CustomerEntity } from "./entities/customer";
import { BuyerEntity } from "./entities/buyer";
import { DailyStatEntity } from "./entities/daily-stat";
import { CounterEntity } from "./entities/counter";
import { IntegrationEntity } from "./entities/integration";
import { CheckoutEntity } from "./entities/checkout";
import { SettingEntity } from "./entities/setting";
import { AnnouncementEntity } from "./entities/announcement";
import { UniqueEntity } from "./entities/unique";
import { StoreEntity } from "./entities/store";
import { TrafficStatEntity } from "./entities/traffic-stat";
import { DiscountEntity } from "./entities/discount";
import { DiscountReservationEntity, LegacyDiscountReservationEntity } from "./entities/discount-reservation";
import { DiscountHoldEntity, LegacyDiscountHoldEntity } from "./entities/discount-hold";
import { ApiKeyEntity } from "./entities/api-key";
import { WebhookEndpointEntity } from "./entities/webhook-endpoint";
import { WebhookDeliveryEntity } from "./entities/webhook-delivery";
import { RateLimitEntity } from "./entities/rate-limit";
import { EmailNoticeEntity } from "./entities/email-notice";
import { EmailListEntity } from "./entities/email-list";
import { AccessLinkEntity } from "./entities/access-link";
import { LicenseKeyEntity } from "./entities/license-key";
import { OpenCheckoutEntity } from "./entities/open-checkout";
import { RetiredCredentialEntity } from "./entities/retired-credential";
import { ViewEntity } from "./entities/view";
import { TallyMarkEntity } from "./entities/tally-mark";
import { AffiliateEntity } from "./entities/affiliate";
import { MembershipEntity } from "./entities/membership";

/**
 * The data model: every ElectroDB entity of the one table, one file per item type under
 * entities/ (each exports its entity and its `<Name>Item` type). Access patterns per index
 * are noted on each entity. Domain modules (packages/core/src/<concern>) own the logic;
 * only they import these.
 */
export * from "./entities/user";
export * from "./entities/email";
export * from "./entities/product";
export * from "./entities/purchase";
export * from "./entities/customer";
export * from "./entities/buyer";
export * from "./entities/daily-stat";
export * from "./entities/counter";
export * from "./entities/integration";
export * from "./entities/checkout";
export * from "./entities/setting";
export * from "./entities/announcement";
export * from "./entities/auth-store";
export * from "./entities/unique";
export * from "./entities/store";
export * from "./entities/traffic-stat";
export * from "./entities/discount";
export * from "./entities/discount-reservation";
export * from "./entities/discount-hold";
export * from "./entities/api-key";
export * from "./entities/webhook-endpoint";
export * from "./entities/webhook-delivery";
export * from "./entities/rate-limit";
export * from "./entities/email-notice";
export * from "./entities/email-list";
export * from "./entities/access-link";
export * from "./entities/license-key";
export * from "./entities/open-checkout";
export * from "./entities/retired-credential";
export * from "./entities/view";
export * from "./entities/tally-mark";
export * from "./entities/affiliate";
export * from "./entities/membership";

/** All entities as one service, for transactions across them. */
export const Db = new LazyService(
  {
    user: UserEntity,
    email: EmailEntity,
    product: ProductEntity,
    purchase: PurchaseEntity,
    customer: CustomerEntity,
    buyer: BuyerEntity,
    daily: DailyStatEntity,
    counter: CounterEntity,
    integration: IntegrationEntity,
    checkout: CheckoutEntity,
    setting: SettingEntity,
    announcement: AnnouncementEntity,
    unique: UniqueEntity,
    store: StoreEntity,
    traffic: TrafficStatEntity,
    discount: DiscountEntity,
    discountReservation: DiscountReservationEntity,
    discountHold: DiscountHoldEntity,
    legacyDiscountReservation: LegacyDiscountReservationEntity,
    legacyDiscountHold: LegacyDiscountHoldEntity,
    apiKey: ApiKeyEntity,
    webhookEndpoint: WebhookEndpointEntity,
    webhookDelivery: WebhookDeliveryEntity,
    rateLimit: RateLimitEntity,
    emailNotice: EmailNoticeEntity,
    emailList: EmailListEntity,
    accessLink: AccessLinkEntity,
    licenseKey: LicenseKeyEntity,
    openCheckout: OpenCheckoutEntity,
    retiredCredential: RetiredCredentialEntity,
    view: ViewEntity,
    tallyMark: TallyMarkEntity,
    affiliate: AffiliateEntity,
    membership: MembershipEntity,
  },
  cfg(),
);
