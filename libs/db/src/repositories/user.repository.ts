import type { DataSource, Repository } from 'typeorm';
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

  async insertLaboratory(laboratory: Pick<LaboratoryEntity, 'id' | 'name' | 'kitManufacturer'>): Promise<void> {
    await this.laboratories.insert({ ...laboratory, active: true });
  }

  async insertUser(user: Partial<UserEntity> & Pick<UserEntity, 'id' | 'login'>): Promise<void> {
    await this.users.insert(user);
  }
}
