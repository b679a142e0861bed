import { MongoServerError, ObjectId } from 'mongodb';
import type { ShippingAddress } from '@shared/schemas/address';
import type { Profile, User } from '@shared/api/auth';
import { collections, type FirstOrderClaimDoc, type UserDoc } from '../collections';
import { getDb } from '../db';

// FerretDB v1 drops null values written by $setOnInsert (MongoDB keeps them), so a field created null may be
// missing when read back: the mappers treat missing and null alike.

/** The wire form of a user (ids as strings, the API's field names). */
export function toUser(doc: UserDoc): User {
  return {
    _id: doc._id.toHexString(),
    firstName: doc.firstName,
    lastName: doc.lastName,
    phone: doc.phone,
    email: doc.email ?? null,
    role: doc.role,
  };
}

/** The account page's form of a user. */
export function toProfile(doc: UserDoc): Profile {
  return { ...toUser(doc), address: doc.address ?? null };
}

/** Shoppers and admins; the only code that touches the users collection. */
export const usersRepository = {
  /** A user by id, or null (also for ids that are not ObjectIds). */
  async findById(id: string): Promise<UserDoc | null> {
    if (!ObjectId.isValid(id) || !/^[0-9a-f]{24}$/i.test(id)) return null;
    return collections(await getDb()).users.findOne({ _id: new ObjectId(id) });
  },

  /**
   * Claims the shopper's one first order for an order try, if no try holds it: one conditional update on the
   * shopper's document, so of any number of orders arriving together exactly one gets it.
   */
  async claimFirstOrder(id: ObjectId, mark: string, at: Date): Promise<boolean> {
    const r = await collections(await getDb()).users.updateOne(
      { _id: id, firstOrderClaim: { $exists: false } },
      { $set: { firstOrderClaim: { mark, at } } },
    );
    return r.modifiedCount === 1;
  },

  /** The try holding the shopper's first order, or null. */
  async firstOrderClaim(id: ObjectId): Promise<FirstOrderClaimDoc | null> {
    const doc = await collections(await getDb()).users.findOne({ _id: id }, { projection: { firstOrderClaim: 1 } });
    return doc?.firstOrderClaim ?? null;
  },

  /** Releases the shopper's first order, only if this try's mark still holds it (so a retry releases nothing else). */
  async releaseFirstOrder(id: ObjectId, mark: string): Promise<boolean> {
    const r = await collections(await getDb()).users.updateOne(
      { _id: id, 'firstOrderClaim.mark': mark },
      { $unset: { firstOrderClaim: '' } },
    );
    return r.modifiedCount === 1;
  },

  /** Users by id (for the admin's order list). */
  async findByIds(ids: ObjectId[]): Promise<UserDoc[]> {
    if (!ids.length) return [];
    return collections(await getDb())
      .users.find({ _id: { $in: ids } })
      .toArray();
  },

  /**
   * The user with this (now proven) phone. A first sign-in creates it with the name and email given at
   * sign-in; an existing account keeps its own (anyone who knows a number can start a sign-in for it), except
   * one an operator made admin before its first sign-in, which is still waiting for a name. One atomic
   * upsert (two first sign-ins racing on the unique phone end with one user), then at most one conditional
   * update for a waiting account.
   */
  async signIn(phone: string, profile: { firstName: string; lastName: string; email: string }, now = new Date()): Promise<UserDoc> {
    const c = collections(await getDb());
    const named = { firstName: profile.firstName, lastName: profile.lastName, email: profile.email || null };
    for (let attempt = 0; ; attempt++) {
      try {
        const doc = await c.users.findOneAndUpdate(
          { phone },
          {
            $set: { updatedAt: now, lastLoginAt: now },
            $setOnInsert: { phone, ...named, role: 'customer', tokenVersion: 0, address: null, createdAt: now },
          },
          { upsert: true, returnDocument: 'after' },
        );
        if (!doc) throw new Error('sign-in upsert returned no document');
        if (!doc.awaitingName) return doc;
        const renamed = await c.users.findOneAndUpdate(
          { _id: doc._id, awaitingName: true },
          { $set: named, $unset: { awaitingName: '' } },
          { returnDocument: 'after' },
        );
        // Null: a parallel first sign-in named it a moment ago.
        return renamed ?? (await c.users.findOne({ _id: doc._id })) ?? doc;
      } catch (err) {
        // A concurrent first sign-in created the user between our match and our insert: update it instead.
        if (err instanceof MongoServerError && err.code === 11000 && attempt < 2) continue;
        throw err;
      }
    }
  },

  /** Saves the delivery address on the profile; returns the updated user, or null when it no longer exists. */
  async setAddress(id: ObjectId, address: ShippingAddress): Promise<UserDoc | null> {
    const c = collections(await getDb());
    return c.users.findOneAndUpdate({ _id: id }, { $set: { address, updatedAt: new Date() } }, { returnDocument: 'after' });
  },

  /** Changes the name and email; returns the updated user, or null when it no longer exists. */
  async setProfile(id: ObjectId, profile: Pick<UserDoc, 'firstName' | 'lastName' | 'email'>): Promise<UserDoc | null> {
    const c = collections(await getDb());
    return c.users.findOneAndUpdate({ _id: id }, { $set: { ...profile, updatedAt: new Date() } }, { returnDocument: 'after' });
  },

  /** Invalidates every token issued so far; returns the new version. */
  async bumpTokenVersion(id: ObjectId): Promise<number | null> {
    const c = collections(await getDb());
    const doc = await c.users.findOneAndUpdate(
      { _id: id },
      { $inc: { tokenVersion: 1 }, $set: { updatedAt: new Date() } },
      { returnDocument: 'after' },
    );
    return doc?.tokenVersion ?? null;
  },

  /**
   * Grants a staff role (editor or admin) by phone, or revokes it (role 'customer'). Granting to a phone that never signed in creates its account,
   * marked as waiting for the name typed at its first sign-in, so an operator can be made admin before they
   * first log in.
   * Returns false when revoking from a phone with no account.
   */
  async setRole(phone: string, role: UserDoc['role']): Promise<boolean> {
    const c = collections(await getDb());
    const now = new Date();
    if (role === 'customer') return (await c.users.updateOne({ phone }, { $set: { role, updatedAt: now } })).matchedCount === 1;
    await c.users.updateOne(
      { phone },
      {
        $set: { role, updatedAt: now },
        $setOnInsert: {
          phone,
          firstName: 'Shop',
          lastName: 'Admin',
          email: null,
          tokenVersion: 0,
          address: null,
          createdAt: now,
          lastLoginAt: null,
          awaitingName: true,
        },
      },
      { upsert: true },
    );
    return true;
  },
};
