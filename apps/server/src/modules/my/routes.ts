import { answers, createdAnswers, messageAnswer } from "@kantien/domain/api";
import { todayIn } from "@kantien/domain/dates";
import { myCardAnswer } from "@kantien/domain/learner-cards";
import { message } from "@kantien/domain/messages";
import {
  myCancelRefusal,
  myDataDocument,
  myMenuAnswer,
  myMenuQuery,
  myNewOrderInput,
  myOrderAnswer,
  myOrderChangedAnswer,
  myOrderRefusal,
  myOrdersAnswer,
  myOrdersQuery,
  myPasswordInput,
  myProfileAnswer,
  myProfileInput,
  myProfileSavedAnswer,
  myWalletAnswer,
  myWalletQuery,
} from "@kantien/domain/my";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db, Tx } from "../../db/client";
import type { AppDeps } from "../../deps";
import { ok, okWith } from "../../envelope";
import { AppError, idParams, notFound, recordId } from "../../errors";
import { idempotent, readIdempotencyKey } from "../../idempotency";
import { signedIn, subjectOf } from "../../plugins/session";
import { expectedVersion, tagVersion, versioned, versionedSave } from "../../record-version";
import { changePassword } from "../auth/service";
import { getBankDetails } from "../canteen/bank-details";
import { getCanteenRules } from "../canteen/rules";
import { limitsToday } from "../guardians/limits";
import { cardsFor } from "../learner-cards/cards";
import { paymentsContext } from "../online-payments/context";
import { onlineTopUpOfferOf } from "../online-payments/settings";
import { createWalletOrder } from "../orders/create";
import { changeOrderStatus } from "../orders/service";
import { walletBalance } from "../wallets/ledger";
import { myData } from "./data";
import { myMenuWeek } from "./menu";
import { findMyOrder, listMyOrders, type RulesAt } from "./orders";
import { getMyProfile, saveMyProfile } from "./profile";
import { myWallet } from "./wallet";

// What each route takes and answers (decision 0016).
const menuSchema = { querystring: myMenuQuery, response: answers(myMenuAnswer) };
const placeSchema = { body: myNewOrderInput, response: createdAnswers(myOrderChangedAnswer) };
const listSchema = { querystring: myOrdersQuery, response: answers(myOrdersAnswer) };
const detailSchema = { params: idParams, response: answers(myOrderAnswer) };
const cancelSchema = { params: idParams, body: z.strictObject({}), response: answers(myOrderChangedAnswer) };
const walletSchema = { querystring: myWalletQuery, response: answers(myWalletAnswer) };
const cardSchema = { body: z.strictObject({}).optional(), response: answers(myCardAnswer) };
const profileSchema = { ...versioned, response: answers(myProfileAnswer) };
const saveProfileSchema = { ...versionedSave, body: myProfileInput, response: answers(myProfileSavedAnswer) };
const dataSchema = { response: answers(myDataDocument) };
const passwordSchema = { body: myPasswordInput, response: answers(messageAnswer) };

/**
 * What an order's change says: to the customer about their own order, or to a guardian about the
 * learner's they act for (the order and the wallet are the learner's).
 */
const ORDER_MESSAGES = {
  own: {
    placed: "my_order_placed",
    cancelled: "my_order_cancelled",
    cancelledUnpaid: "my_order_cancelled_unpaid",
  },
  learner: {
    placed: "learner_order_placed",
    cancelled: "learner_order_cancelled",
    cancelledUnpaid: "learner_order_cancelled_unpaid",
  },
} as const;

/** Whose order a request changes: the signed-in customer's own, or a learner's. */
const whose = (request: FastifyRequest): keyof typeof ORDER_MESSAGES =>
  request.actingFor ? "learner" : "own";

/** The canteen's rules as they stand, and the moment to apply them at. */
const rulesAt =
  (config: AppDeps["config"]) =>
  async (from: Db | Tx): Promise<RulesAt> => ({
    rules: await getCanteenRules(from),
    timeZone: config.timeZone,
    now: config.clock(),
  });

/**
 * The ordering app's menu, orders and wallet (decision 0021) of one customer: registered by app.ts
 * twice (decision 0068), for the signed-in customer's own (`/api/my/*`) and for a learner a
 * guardian acts for (`/api/my/learners/:learnerId/*`); `subjectOf` says whose rows a request
 * serves, and every answer holds that customer's rows only. Who acted (an order's history, the
 * ledger's `created_by`) is always the signed-in account.
 */
export async function myOrderingRoutes(app: FastifyInstance, deps: AppDeps) {
  const { config, database } = deps;
  const payments = paymentsContext(deps);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const rulesNow = rulesAt(config);

  api.get("/menu", { schema: menuSchema }, async (request) => {
    const at = await rulesNow(db);
    const week = await myMenuWeek(db, { userId: subjectOf(request), week: request.query.week, ...at });
    return ok({ ...week, maxQuantity: at.rules.maxQuantity });
  });

  /**
   * An order for myself, paid from my wallet in the same transaction. The key is required:
   * a double tap or a retry on a bad connection answers the first order, never a second.
   */
  api.post("/orders", { schema: placeSchema }, async (request, reply) => {
    const user = signedIn(request);
    const customerId = subjectOf(request);
    const key = readIdempotencyKey(request.headers["idempotency-key"]);
    if (key === null) throw new AppError("idempotency_key_required");
    const { statusCode, body } = await idempotent(
      db,
      {
        scope: "my-order",
        key,
        userId: user.id,
        request: { ...request.body, customerId },
        body: myOrderChangedAnswer,
      },
      async (tx) => {
        const at = await rulesNow(tx);
        const refused = myOrderRefusal(request.body, at);
        if (refused) {
          throw new AppError(
            refused,
            refused === "order_quantity_above_max" ? { max: at.rules.maxQuantity } : undefined,
          );
        }
        const { orderId, balance } = await createWalletOrder(tx, {
          input: { ...request.body, customerId },
          actor: { id: user.id, roleId: user.roleId },
          today: todayIn(at.timeZone, at.now),
          now: at.now,
          mail: { config, log: request.log },
        });
        const placed = await findMyOrder(tx, customerId, orderId, at);
        if (!placed) throw new Error("placed order not found");
        return {
          statusCode: 201,
          body: ok(
            { order: placed, balance },
            { message: message(ORDER_MESSAGES[whose(request)].placed, request.language) },
          ),
        };
      },
    );
    return reply.status(statusCode).send(body);
  });

  api.get("/orders", { schema: listSchema }, async (request) => {
    const { rows, total } = await listMyOrders(db, subjectOf(request), request.query, await rulesNow(db));
    return ok(rows, { total });
  });

  // Someone else's order is not found, as an unknown one is: never 403, never the row.
  api.get("/orders/:id", { schema: detailSchema }, async (request) => {
    const order = await findMyOrder(db, subjectOf(request), recordId(request.params.id), await rulesNow(db));
    if (!order) throw notFound();
    return ok(order);
  });

  /**
   * Cancels my order before its cut-off and refunds it, once. The rules are checked on the
   * locked order at the moment of the change: a cancel that waited for the kitchen's Begin,
   * or past the cut-off, is refused and changes nothing.
   */
  api.post("/orders/:id/cancel", { schema: cancelSchema }, async (request) => {
    const user = signedIn(request);
    const customerId = subjectOf(request);
    const orderId = recordId(request.params.id);
    const at = await rulesNow(db);
    const { refunded } = await changeOrderStatus(db, {
      orderId,
      to: "cancelled",
      actor: { id: user.id, roleId: user.roleId },
      ownerId: customerId,
      clock: config.clock,
      refusal: (current, now) => myCancelRefusal(current, { ...at, now }),
    });
    const [order, balance] = await Promise.all([
      findMyOrder(db, customerId, orderId, at),
      walletBalance(db, customerId),
    ]);
    if (!order) throw notFound();
    return ok(
      { order, balance },
      {
        message: message(
          ORDER_MESSAGES[whose(request)][refunded ? "cancelled" : "cancelledUnpaid"],
          request.language,
        ),
      },
    );
  });

  /**
   * The code the counter scans to pay from this wallet (decision 0072): the learner's card, issued
   * when they have none (a printed card keeps working: it is the same card).
   */
  api.post("/card", { schema: cardSchema }, async (request) => {
    const [card] = await cardsFor(db, {
      input: { learnerIds: [subjectOf(request)] },
      by: signedIn(request).id,
      at: config.clock(),
    });
    if (!card) throw new AppError("learner_card_unavailable");
    return ok({ code: card.code });
  });

  api.get("/wallet", { schema: walletSchema }, async (request) => {
    const subject = subjectOf(request);
    const [wallet, rules, eft, limits, online] = await Promise.all([
      myWallet(db, subject, request.query),
      getCanteenRules(db),
      getBankDetails(db),
      limitsToday(db, subject, todayIn(config.timeZone, config.clock())),
      onlineTopUpOfferOf(payments),
    ]);
    return ok({ ...wallet, lowBalanceThreshold: rules.lowBalanceThreshold, eft, online, limits });
  });
}

/**
 * The ordering app's account routes, /api/my/*: the signed-in person's own profile, data and
 * password, for customers and guardians alike. Registered by app.ts in the scope whose one guard
 * lets the ordering app's people only through (decision 0064). Its sign-in (/api/my/auth/login,
 * auth/routes.ts) needs no session and stays outside.
 */
export async function myRoutes(app: FastifyInstance, { config, database }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;

  api.get("/profile", { schema: profileSchema }, async (request, reply) => {
    const profile = await getMyProfile(db, signedIn(request).id, todayIn(config.timeZone, config.clock()));
    tagVersion(reply, profile.version);
    return ok(profile);
  });

  // From another device or an admin meanwhile, the profile is refused as stale (decision 0057).
  api.put("/profile", { schema: saveProfileSchema }, async (request, reply) => {
    const now = config.clock();
    const profile = await saveMyProfile(db, signedIn(request).id, request.body, {
      now,
      today: todayIn(config.timeZone, now),
      expected: expectedVersion(request),
    });
    tagVersion(reply, profile.version);
    // Said in the language just chosen, so the switch shows at once.
    return ok(profile, { message: message("my_profile_saved", profile.language) });
  });

  /**
   * Everything held about me, as a file to download (decision 0041): the document itself, not
   * the envelope, so the file reads on its own. Never cached: it holds my allergies.
   */
  api.get("/data", { schema: dataSchema }, async (request, reply) => {
    const now = config.clock();
    const document = await myData(db, signedIn(request).id, now, todayIn(config.timeZone, now));
    return reply
      .header(
        "content-disposition",
        `attachment; filename="kantien-my-data-${now.toISOString().slice(0, 10)}.json"`,
      )
      .header("cache-control", "no-store")
      .send(document);
  });

  /**
   * A new password, proven by the current one. Wrong guesses count against the sign-in
   * limit, so a borrowed phone cannot be used to find the password; every other session ends.
   */
  api.put("/password", { schema: passwordSchema }, async (request) => {
    await changePassword(db, config.loginLimit, {
      user: signedIn(request),
      currentPassword: request.body.currentPassword,
      newPassword: request.body.newPassword,
      ip: request.ip,
      sessionTokenHash: request.sessionTokenHash,
    });
    return okWith({ message: message("password_changed", request.language) });
  });
}
