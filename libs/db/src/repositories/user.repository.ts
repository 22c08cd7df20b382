import type { DataSource, Repository } from 'typeorm';
import { ReleaseNoteEntity, UserReleaseSeenEntity } from '../entities/audit.entity';
import { LaboratoryEntity } from '../entities/laboratory.entity';
import { UserEntity } from '../entities/user.entity';

export class UserRepository {
  private readonly users: Repository<UserEntity>;
  private readonly laboratories: Repository<LaboratoryEntity>;

  constructor(dataSource: DataSource) {
    this.users = dataSource.getRepository(UserEntity);
    this.laboratories = dataSource.getRepository(LaboratoryEntity);
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  findByLogin(login: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ login });
  }

  findLaboratory(id: string): Promise<LaboratoryEntity | null> {
    return this.laboratories.findOneBy({ id });
  }

  countUsers(): Promise<number> {
    return this.users.count();
  }

  async insertLaboratory(
    laboratory: Pick<LaboratoryEntity, 'id' | 'name' | 'kitManufacturer'>,
  ): Promise<void> {
    await this.laboratories.insert({ ...laboratory, active: true });
  }

  async insertUser(user: Partial<UserEntity> & Pick<UserEntity, 'id' | 'login'>): Promise<void> {
    await this.users.insert(user);
  }

  lastReleaseNote(): Promise<ReleaseNoteEntity | null> {
    return this.users.manager
      .getRepository(ReleaseNoteEntity)
      .findOne({ where: {}, order: { date: 'DESC' } });
  }

  async upsertReleaseNote(note: ReleaseNoteEntity): Promise<void> {
    await this.users.manager.getRepository(ReleaseNoteEntity).upsert(note, ['version']);
  }

  async hasSeenRelease(userId: string, version: string): Promise<boolean> {
    return (await this.users.manager.getRepository(UserReleaseSeenEntity).countBy({ userId, version })) > 0;
  }

  async markReleaseSeen(userId: string, version: string): Promise<void> {
    await this.users.manager
      .getRepository(UserReleaseSeenEntity)
      .upsert({ userId, version }, ['userId', 'version']);
  }

  /** Liveness of the database connection. */
  async ping(): Promise<void> {
    await this.users.manager.query('SELECT 1');
  }
}
